import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageMenu } from '../../i18n/LanguageMenu';
import { ColorModeToggle } from '../../lib/ColorModeToggle';
import { BrandLink } from './BrandLink';
import { isRealUrl, visuallyHidden } from './siteLinks';

/**
 * Top bar: brand, Privacy, Terms, the sister site, the language, colour mode and 'Sign in'. On phones
 * the links and the language wrap onto a second row rather than hiding behind a menu, so a visitor
 * changes the language in one click on any screen.
 */
export function LandingNav({ sisterSiteUrl }: { sisterSiteUrl?: string }) {
  const { t } = useTranslation('landing');
  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={(theme) => ({
        color: 'text.primary',
        bgcolor: theme.alpha((theme.vars ?? theme).palette.background.default, 0.86),
        backdropFilter: 'blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container
        maxWidth="lg"
        component="nav"
        aria-label={t('nav.main')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1,
          minHeight: 64,
          py: { xs: 1, sm: 0 },
        }}
      >
        <BrandLink />
        <Box
          sx={{
            order: { xs: 3, sm: 0 },
            flexBasis: { xs: '100%', sm: 'auto' },
            ml: { sm: 'auto' },
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'center',
            gap: { xs: 0.5, sm: 1 },
          }}
        >
          <Button component={RouterLink} to="/privacy" color="inherit" size="small">
            {t('nav.privacy')}
          </Button>
          <Button component={RouterLink} to="/terms" color="inherit" size="small">
            {t('nav.terms')}
          </Button>
          {isRealUrl(sisterSiteUrl) && (
            <Button
              href={sisterSiteUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="inherit"
              size="small"
              endIcon={<OpenInNew aria-hidden sx={{ fontSize: '1rem !important' }} />}
            >
              {t('nav.sisterSite')}
              <Box component="span" sx={visuallyHidden}>
                {t('newTab')}
              </Box>
            </Button>
          )}
          <LanguageMenu />
        </Box>
        <Box sx={{ ml: { xs: 'auto', sm: 0 }, display: 'flex', alignItems: 'center', gap: 1 }}>
          <ColorModeToggle />
          <Button
            component={RouterLink}
            to="/signin"
            variant="contained"
            size="small"
            sx={{ px: 2, whiteSpace: 'nowrap' }}
          >
            {t('nav.signIn')}
          </Button>
        </Box>
      </Container>
    </AppBar>
  );
}
