import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBadge, LandingSection } from './LandingSection';

/** Each reason's title and text are `why.reasons.<id>` in the landing catalogue. */
const REASONS: { id: string; icon: ReactNode }[] = [
  { id: 'rooted', icon: <PublicOutlined /> },
  { id: 'free', icon: <VolunteerActivismOutlined /> },
  { id: 'creators', icon: <BrushOutlined /> },
  { id: 'data', icon: <ShieldOutlined /> },
];

export function WhyUsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="why-us" eyebrow={t('why.eyebrow')} title={t('why.title')} intro={t('why.intro')} tinted>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2.5 }}>
        {REASONS.map((reason) => (
          <Paper
            key={reason.id}
            variant="outlined"
            sx={{
              p: { xs: 2.5, md: 3 },
              borderRadius: 4,
              bgcolor: 'background.default',
              transition: 'transform 150ms ease, box-shadow 150ms ease',
              '&:hover': { transform: 'translateY(-3px)', boxShadow: 4 },
              '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
            }}
          >
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'row', sm: 'column' },
                alignItems: { xs: 'center', sm: 'flex-start' },
                gap: 2,
                mb: 1,
              }}
            >
              <IconBadge>{reason.icon}</IconBadge>
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                {t(`why.reasons.${reason.id}.title`)}
              </Typography>
            </Box>
            <Typography color="text.secondary">{t(`why.reasons.${reason.id}.text`)}</Typography>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
