import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DynamicFeedOutlined from '@mui/icons-material/DynamicFeedOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IconBadge, LandingSection } from './LandingSection';

/** Each feature's title and text are `social.features.<id>` in the landing catalogue. */
const FEATURES: { id: string; icon: ReactNode }[] = [
  { id: 'posts', icon: <DynamicFeedOutlined /> },
  { id: 'clips', icon: <SlideshowOutlined /> },
  { id: 'messages', icon: <ForumOutlined /> },
  { id: 'calls', icon: <VideocamOutlined /> },
  { id: 'ai', icon: <AutoAwesomeOutlined /> },
];

export function SocialSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="social" eyebrow={t('social.eyebrow')} title={t('social.title')} intro={t('social.intro')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
        {FEATURES.map((feature) => (
          <Paper key={feature.id} variant="outlined" sx={{ p: 3, borderRadius: 4, display: 'flex', gap: 2 }}>
            <IconBadge>{feature.icon}</IconBadge>
            <div>
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t(`social.features.${feature.id}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`social.features.${feature.id}.text`)}</Typography>
            </div>
          </Paper>
        ))}
        <Paper
          variant="outlined"
          sx={(theme) => ({
            p: 3,
            borderRadius: 4,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            alignItems: 'flex-start',
            gap: 2,
            borderColor: 'primary.main',
            bgcolor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.06),
          })}
        >
          <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
            {t('social.cta')}
          </Typography>
          <Button component={RouterLink} to="/signup" variant="contained" endIcon={<ArrowForward />}>
            {t('social.join')}
          </Button>
        </Paper>
      </Box>
    </LandingSection>
  );
}
