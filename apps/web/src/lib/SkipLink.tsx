/**
 * "Skip to content": the first stop of the Tab key on every page with navigation before its content,
 * hidden until focused; it moves focus to the page's one <main id="main-content">.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        // Focus the main region itself (not only scroll to it), so the next Tab starts inside it.
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
