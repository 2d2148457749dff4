import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import TerrainOutlined from '@mui/icons-material/TerrainOutlined';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { IconBadge, LandingSection } from './LandingSection';

/** Each pillar's title and text are `about.pillars.<id>` in the landing catalogue. */
const PILLARS: { id: string; icon: ReactNode }[] = [
  { id: 'people', icon: <GroupsOutlined /> },
  { id: 'culture', icon: <CelebrationOutlined /> },
  { id: 'art', icon: <PaletteOutlined /> },
  { id: 'landscapes', icon: <TerrainOutlined /> },
];

export function AboutSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="about" eyebrow={t('about.eyebrow')} title={t('about.title')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 4, md: 8 } }}>
        <Box sx={{ '& p': { fontSize: { xs: '1rem', md: '1.1rem' }, mb: 2 } }}>
          <Typography color="text.secondary">
            <Trans
              t={t}
              i18nKey="about.meaning"
              components={{
                brand: <Box component="span" sx={{ color: 'text.primary', fontWeight: 700 }} />,
                ne: <span lang="ne" />,
              }}
            />
          </Typography>
          <Typography color="text.secondary">{t('about.home')}</Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: { xs: 1.5, sm: 2 } }}>
          {PILLARS.map((pillar) => (
            <Paper
              key={pillar.id}
              variant="outlined"
              sx={{
                p: { xs: 2, sm: 2.5 },
                borderRadius: 3,
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: { xs: 1.5, sm: 2 },
                minWidth: 0,
              }}
            >
              <IconBadge>{pillar.icon}</IconBadge>
              <Box sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
                <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                  {t(`about.pillars.${pillar.id}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: '0.95rem' }}>
                  {t(`about.pillars.${pillar.id}.text`)}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Box>
      </Box>
    </LandingSection>
  );
}
