import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import MailOutlined from '@mui/icons-material/MailOutlined';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePrefs } from '../../i18n/language';
import { BrandLink } from './BrandLink';
import { CONTACT_EMAIL, localDigits, SOCIAL_LINKS, type SocialNetwork } from './siteLinks';

const SOCIAL_ICONS: Record<SocialNetwork, ReactNode> = {
  Facebook: <Facebook />,
  Instagram: <Instagram />,
  YouTube: <YouTube />,
  X: <X />,
};

/** Each link's words are `footer.exploreLinks.<id>` in the landing catalogue. */
const EXPLORE = [
  { id: 'about', href: '#about' },
  { id: 'whyUs', href: '#why-us' },
  { id: 'contest', href: '#contest' },
  { id: 'faq', href: '#faq' },
];

const headingSx = {
  fontWeight: 700,
  mb: 1.5,
  fontSize: '0.8rem',
  letterSpacing: 1.2,
  textTransform: 'uppercase',
  '&:lang(ne)': { letterSpacing: 0 },
} as const;
const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const { digits } = usePrefs();
  return (
    <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr' },
            gap: 4,
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <BrandLink />
            <Typography color="text.secondary" sx={{ mt: 1.5, mb: 2, maxWidth: 360 }}>
              {t('footer.tagline')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, ml: -1 }}>
              {SOCIAL_LINKS.map((link) => (
                <IconButton
                  key={link.label}
                  component="a"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
                >
                  {SOCIAL_ICONS[link.label]}
                </IconButton>
              ))}
            </Box>
          </Box>
          <nav aria-label={t('footer.explore')}>
            <Typography component="h2" sx={headingSx}>
              {t('footer.explore')}
            </Typography>
            <Box component="ul" sx={listSx}>
              {EXPLORE.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} color="text.secondary" underline="hover">
                    {t(`footer.exploreLinks.${item.id}`)}
                  </Link>
                </li>
              ))}
            </Box>
          </nav>
          <nav aria-label={t('footer.legalNav')}>
            <Typography component="h2" sx={headingSx}>
              {t('common:appName')}
            </Typography>
            <Box component="ul" sx={listSx}>
              <li>
                <Link component={RouterLink} to="/terms" color="text.secondary" underline="hover">
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to="/privacy" color="text.secondary" underline="hover">
                  {t('footer.privacy')}
                </Link>
              </li>
              <li>
                <Link
                  href={`mailto:${CONTACT_EMAIL}`}
                  color="text.secondary"
                  underline="hover"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
                >
                  <MailOutlined aria-hidden fontSize="small" />
                  {t('footer.contact')}
                </Link>
              </li>
            </Box>
          </nav>
        </Box>
        <Typography
          color="text.secondary"
          sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'divider', fontSize: '0.875rem', textAlign: 'center' }}
        >
          {t('footer.copyright', { year: localDigits(String(new Date().getFullYear()), digits) })}
        </Typography>
      </Container>
    </Box>
  );
}
