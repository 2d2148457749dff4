import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The logo and name, linking home. */
export function BrandLink({ size = 32 }: { size?: number }) {
  const { t } = useTranslation('landing');
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('homeLink')}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box component="img" src="/icon.svg" alt="" width={size} height={size} sx={{ display: 'block' }} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: size * 0.66, letterSpacing: '-0.01em', '&:lang(ne)': { letterSpacing: 0 } }}
      >
        {t('common:appName')}
      </Typography>
    </Box>
  );
}
