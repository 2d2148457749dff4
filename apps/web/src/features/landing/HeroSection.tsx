import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { usePrefs } from '../../i18n/language';
import { MountainRidge, Scene } from './Scenery';
import { localDigits } from './siteLinks';
import { useNrs } from './useNrs';

/** Crimson to Himalayan blue, the colours of the flag; deeper in dark mode. */
const heroBackground = {
  light:
    'radial-gradient(circle at 82% 18%, rgba(255,200,130,0.35), transparent 42%), linear-gradient(135deg, #7a1712 0%, #b3261e 42%, #1b5e9e 100%)',
  dark: 'radial-gradient(circle at 82% 18%, rgba(255,170,110,0.18), transparent 42%), linear-gradient(135deg, #240a08 0%, #5a1611 45%, #0e2d50 100%)',
};

export function HeroSection() {
  const { t } = useTranslation('landing');
  const nrs = useNrs();
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="home-heading"
      sx={(theme) => ({
        position: 'relative',
        color: 'common.white',
        background: heroBackground.light,
        overflow: 'hidden',
        ...theme.applyStyles('dark', { background: heroBackground.dark }),
      })}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
          gap: { xs: 5, md: 6 },
          alignItems: 'center',
          pt: { xs: 6, md: 10 },
          pb: { xs: 4, md: 6 },
        }}
      >
        <div>
          <Typography
            component="p"
            sx={{
              display: 'inline-block',
              px: 1.5,
              py: 0.5,
              mb: 2,
              borderRadius: 99,
              fontSize: '0.85rem',
              fontWeight: 600,
              bgcolor: 'rgba(255,255,255,0.16)',
              border: '1px solid rgba(255,255,255,0.28)',
            }}
          >
            {t('hero.tagline')}
          </Typography>
          <Typography
            variant="h1"
            sx={{
              fontWeight: 900,
              letterSpacing: '-0.03em',
              fontSize: { xs: '3.5rem', md: '5.5rem' },
              lineHeight: 1,
              '&:lang(ne)': { letterSpacing: 0, lineHeight: 1.2 },
            }}
          >
            {t('common:appName')}
          </Typography>
          <Typography
            id="home-heading"
            variant="h2"
            sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.25rem' }, lineHeight: 1.2, mt: 1.5, mb: 2 }}
          >
            {t('hero.title')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, opacity: 0.92, maxWidth: 540, mb: 4 }}>
            {t('hero.text')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              component={RouterLink}
              to="/signup"
              size="large"
              variant="contained"
              sx={{
                px: 4,
                bgcolor: 'common.white',
                color: '#7a1712',
                '&:hover': { bgcolor: 'rgba(255,255,255,0.88)' },
              }}
            >
              {t('hero.join')}
            </Button>
            <Button
              component={RouterLink}
              to="/signin"
              size="large"
              variant="outlined"
              color="inherit"
              sx={{ px: 4, borderColor: 'rgba(255,255,255,0.7)' }}
            >
              {t('hero.signIn')}
            </Button>
          </Box>
          <Typography sx={{ mt: 3, fontSize: '0.9rem', opacity: 0.85 }}>
            {t('hero.facts', { prize: nrs(CONTEST_PRIZES_NRS.first) })}
          </Typography>
        </div>
        <HeroCollage />
      </Container>
      <MountainRidge color="var(--mui-palette-background-default)" />
    </Box>
  );
}

/** A glimpse of the app: a post, a clip and a message, drawn rather than photographed. */
function HeroCollage() {
  const { t } = useTranslation('landing');
  // Digits in the reader's script, without building an Intl formatter on the landing page's first render.
  const { digits } = usePrefs();
  const n = (text: string) => localDigits(text, digits);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        mx: 'auto',
        width: '100%',
        maxWidth: { xs: 340, md: 420 },
        pb: { xs: 4.5, md: 5 },
        pr: { xs: 3, md: 5 },
      }}
    >
      <Paper elevation={12} sx={{ borderRadius: 4, overflow: 'hidden', transform: { md: 'rotate(-2deg)' } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, p: 1.5 }}>
          <Box
            sx={{
              width: 36,
              height: 36,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              color: 'common.white',
              fontWeight: 700,
              fontSize: 14,
              background: 'linear-gradient(135deg, #f59e0b, #b3261e)',
            }}
          >
            {t('hero.sample.initials')}
          </Box>
          <Box sx={{ lineHeight: 1.2 }}>
            <Typography sx={{ fontWeight: 700, fontSize: 14 }}>{t('hero.sample.name')}</Typography>
            <Typography color="text.secondary" sx={{ fontSize: 12 }}>
              {t('hero.sample.place')}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ aspectRatio: '16 / 10' }}>
          <Scene name="dawn" />
        </Box>
        <Box sx={{ p: 1.5 }}>
          <Typography sx={{ fontSize: 14, mb: 1 }}>{t('hero.sample.post', { time: n('5:40') })}</Typography>
          <Box sx={{ display: 'flex', gap: 2, color: 'text.secondary', fontSize: 13, alignItems: 'center' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <FavoriteRounded sx={{ fontSize: 18, color: '#e0245e' }} /> {n('248')}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <ChatBubbleOutlineOutlined sx={{ fontSize: 17 }} /> {n('32')}
            </Box>
          </Box>
        </Box>
      </Paper>

      <Paper
        elevation={16}
        sx={{
          display: { xs: 'none', sm: 'block' },
          position: 'absolute',
          right: 0,
          top: '12%',
          width: 120,
          aspectRatio: '9 / 16',
          borderRadius: 3,
          overflow: 'hidden',
          transform: 'rotate(5deg)',
        }}
      >
        <Scene name="dusk" />
        <PlayArrowRounded
          sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 44, color: 'rgba(255,255,255,0.9)' }}
        />
        <Typography
          sx={{
            position: 'absolute',
            left: 8,
            right: 8,
            bottom: 8,
            fontSize: 11,
            fontWeight: 600,
            color: 'common.white',
          }}
        >
          {t('hero.sample.clip')}
        </Typography>
      </Paper>

      <Paper
        elevation={16}
        sx={{
          position: 'absolute',
          left: { xs: -8, md: -36 },
          bottom: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          borderRadius: 3,
          maxWidth: 250,
        }}
      >
        <Box
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          <VideocamOutlined sx={{ fontSize: 18 }} />
        </Box>
        <Typography sx={{ fontSize: 13, lineHeight: 1.3 }}>
          <Trans t={t} i18nKey="hero.sample.message" components={{ b: <b /> }} />
        </Typography>
      </Paper>
    </Box>
  );
}
