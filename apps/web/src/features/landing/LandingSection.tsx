import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface LandingSectionProps {
  id: string;
  /** Small label above the heading. */
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** Paper-coloured band, to separate neighbouring sections. */
  tinted?: boolean;
  centered?: boolean;
  children?: ReactNode;
}

/** One landing section: a <section> with an id, an h2 and its content in a centred column. */
export function LandingSection({ id, eyebrow, title, intro, tinted, centered, children }: LandingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        py: { xs: 7, md: 11 },
        scrollMarginTop: { xs: 96, sm: 64 },
        bgcolor: tinted ? 'background.paper' : 'transparent',
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            maxWidth: 720,
            mx: centered ? 'auto' : 0,
            textAlign: centered ? 'center' : 'left',
            mb: { xs: 4, md: 6 },
          }}
        >
          {eyebrow && (
            <Typography
              variant="overline"
              component="p"
              color="primary"
              sx={{ fontWeight: 700, letterSpacing: 1.5, '&:lang(ne)': { letterSpacing: 0 } }}
            >
              {eyebrow}
            </Typography>
          )}
          <Typography
            id={headingId}
            variant="h3"
            component="h2"
            sx={{ fontWeight: 800, fontSize: { xs: '1.85rem', md: '2.6rem' }, lineHeight: 1.15, mb: intro ? 2 : 0 }}
          >
            {title}
          </Typography>
          {intro && (
            <Typography component="div" color="text.secondary" sx={{ fontSize: { xs: '1rem', md: '1.125rem' } }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}

/** A rounded, tinted square holding a feature icon. */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: 48,
        height: 48,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.12),
        flexShrink: 0,
      })}
    >
      {children}
    </Box>
  );
}
