import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import InstallMobile from '@mui/icons-material/InstallMobile';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../lib/pwa';

/** Shown only while the browser offers installation (part 1 §2). */
export function InstallSection() {
  const { t } = useTranslation('landing');
  const { canInstall, promptInstall } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Box component="section" id="install" aria-labelledby="install-heading" sx={{ pb: { xs: 7, md: 11 } }}>
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            gap: 3,
            p: { xs: 3, md: 5 },
            borderRadius: 5,
            color: 'common.white',
            background: 'linear-gradient(120deg, #b3261e, #1b5e9e)',
            ...theme.applyStyles('dark', { background: 'linear-gradient(120deg, #5a1611, #0e2d50)' }),
          })}
        >
          <InstallMobile aria-hidden sx={{ fontSize: 56, opacity: 0.9 }} />
          <Box sx={{ flex: 1 }}>
            <Typography
              id="install-heading"
              variant="h4"
              component="h2"
              sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}
            >
              {t('install.title')}
            </Typography>
            <Typography sx={{ opacity: 0.92, maxWidth: 620 }}>{t('install.text')}</Typography>
          </Box>
          <Button
            size="large"
            variant="contained"
            onClick={() => void promptInstall()}
            sx={{ px: 4, bgcolor: 'common.white', color: '#7a1712', '&:hover': { bgcolor: 'rgba(255,255,255,0.88)' } }}
          >
            {t('install.button')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
