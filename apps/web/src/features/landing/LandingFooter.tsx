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
import { Link as RouterLink } from 'react-router';
import { BrandLink } from './BrandLink';
import { CONTACT_EMAIL, SOCIAL_LINKS, type SocialNetwork } from './siteLinks';

const SOCIAL_ICONS: Record<SocialNetwork, ReactNode> = {
  Facebook: <Facebook />,
  Instagram: <Instagram />,
  YouTube: <YouTube />,
  X: <X />,
};

const EXPLORE = [
  { label: 'About us', href: '#about' },
  { label: 'Why us', href: '#why-us' },
  { label: 'Monthly contest', href: '#contest' },
  { label: 'FAQ', href: '#faq' },
];

const headingSx = {
  fontWeight: 700,
  mb: 1.5,
  fontSize: '0.8rem',
  letterSpacing: 1.2,
  textTransform: 'uppercase',
} as const;
const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

export function LandingFooter() {
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
              Nepal&apos;s stories, shared. Made for the people, culture, art and landscapes we love.
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
          <nav aria-label="Explore">
            <Typography component="h2" sx={headingSx}>
              Explore
            </Typography>
            <Box component="ul" sx={listSx}>
              {EXPLORE.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} color="text.secondary" underline="hover">
                    {item.label}
                  </Link>
                </li>
              ))}
            </Box>
          </nav>
          <nav aria-label="Legal and contact">
            <Typography component="h2" sx={headingSx}>
              Sajha
            </Typography>
            <Box component="ul" sx={listSx}>
              <li>
                <Link component={RouterLink} to="/terms" color="text.secondary" underline="hover">
                  Terms
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to="/privacy" color="text.secondary" underline="hover">
                  Privacy
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
                  Contact us
                </Link>
              </li>
            </Box>
          </nav>
        </Box>
        <Typography
          color="text.secondary"
          sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'divider', fontSize: '0.875rem', textAlign: 'center' }}
        >
          © {new Date().getFullYear()} Sajha. Made with care for Nepal.
        </Typography>
      </Container>
    </Box>
  );
}
