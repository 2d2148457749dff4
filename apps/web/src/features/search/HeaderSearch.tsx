/**
 * The search box as the signed-in header shows it: the box itself from md up; on phones a search
 * button that opens the box over the whole header, with a back button (and Escape) to close it.
 * Put it in a positioned header: the phone's open box covers its parent.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import { SearchCombobox } from './SearchCombobox';

export function HeaderSearch() {
  const { t } = useTranslation('search');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Closed by the member: focus goes back to the button that opened the box.
  const close = () => {
    setOpen(false);
    window.requestAnimationFrame(() => opener.current?.focus());
  };

  if (!phone) return <SearchCombobox />;
  if (!open)
    return (
      <IconButton ref={opener} aria-label={t('box.open')} onClick={() => setOpen(true)} edge="end">
        <SearchIcon />
      </IconButton>
    );
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        bgcolor: 'background.paper',
      }}
    >
      <IconButton aria-label={t('box.close')} onClick={close}>
        <ArrowBack />
      </IconButton>
      <SearchCombobox autoFocus onDone={() => setOpen(false)} onEscape={close} />
    </Box>
  );
}
