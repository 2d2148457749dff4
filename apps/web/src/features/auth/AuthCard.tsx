/**
 * The frame every account screen shares: a centred card at most 440 px wide, the language switch and
 * the colour-mode toggle in its top corner, an optional control opposite it (e.g. 'Back to Home'), the
 * product name and a heading.
 */
import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ColorModeToggle } from '../../lib/ColorModeToggle';
import { LanguageMenu } from '../../i18n/LanguageMenu';

interface AuthCardProps {
  /** Browser tab text, without the product name. */
  documentTitle: string;
  heading: string;
  subheading?: ReactNode;
  topStart?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ documentTitle, heading, subheading, topStart, children }: AuthCardProps) {
  const { t } = useTranslation('auth');
  const tabTitle = t('documentTitle', { title: documentTitle });
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, pt: { xs: 2, sm: 2 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            columnGap: 1,
            minHeight: 40,
            mb: 1,
          }}
        >
          <Box sx={{ ml: -1 }}>{topStart}</Box>
          <Box sx={{ mr: -1, ml: 'auto', display: 'flex', alignItems: 'center' }}>
            <LanguageMenu />
            <ColorModeToggle />
          </Box>
        </Box>
        <Typography color="primary" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '0.02em' }}>
          Sajha
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 0.5 }}>
          {heading}
        </Typography>
        {subheading ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subheading}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
