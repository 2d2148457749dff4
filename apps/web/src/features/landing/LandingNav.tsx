import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router';
import { ColorModeToggle } from '../../lib/ColorModeToggle';
import { BrandLink } from './BrandLink';
import { isRealUrl, visuallyHidden } from './siteLinks';

/**
 * Top bar: brand, Privacy, Terms, the sister site, colour mode and 'Sign in'. On phones the three links
 * wrap onto a second row rather than hiding behind a menu.
 */
export function LandingNav({ sisterSiteUrl }: { sisterSiteUrl?: string }) {
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
        aria-label="Main"
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
            justifyContent: 'center',
            gap: { xs: 0.5, sm: 1 },
          }}
        >
          <Button component={RouterLink} to="/privacy" color="inherit" size="small">
            Privacy
          </Button>
          <Button component={RouterLink} to="/terms" color="inherit" size="small">
            Terms
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
              Sajha Studio
              <Box component="span" sx={visuallyHidden}>
                (opens in a new tab)
              </Box>
            </Button>
          )}
        </Box>
        <Box sx={{ ml: { xs: 'auto', sm: 0 }, display: 'flex', alignItems: 'center', gap: 1 }}>
          <ColorModeToggle />
          <Button component={RouterLink} to="/signin" variant="contained" size="small" sx={{ px: 2 }}>
            Sign in
          </Button>
        </Box>
      </Container>
    </AppBar>
  );
}
