import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import TerrainOutlined from '@mui/icons-material/TerrainOutlined';
import type { ReactNode } from 'react';
import { IconBadge, LandingSection } from './LandingSection';

const PILLARS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <GroupsOutlined />, title: 'People', text: 'Friends, family and neighbours, near and far.' },
  { icon: <CelebrationOutlined />, title: 'Culture', text: 'Festivals, music, food and the everyday.' },
  { icon: <PaletteOutlined />, title: 'Art', text: 'Paubha, Mithila, craft, design and photography.' },
  { icon: <TerrainOutlined />, title: 'Landscapes', text: 'From the Terai plains to the high Himalaya.' },
];

export function AboutSection() {
  return (
    <LandingSection id="about" eyebrow="About us" title="A shared home for Nepal's stories">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 4, md: 8 } }}>
        <Box sx={{ '& p': { fontSize: { xs: '1rem', md: '1.1rem' }, mb: 2 } }}>
          <Typography color="text.secondary">
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 700 }}>
              Sajha
            </Box>{' '}
            (<span lang="ne">साझा</span>) means &ldquo;shared&rdquo;. We built it because a photo of the Mustang valley,
            a Mithila painting or a family recipe for sel roti deserves to reach the people who will love it, not get
            lost in a feed made for somewhere else.
          </Typography>
          <Typography color="text.secondary">
            Whether you live in Kathmandu, Dharan or Doha, Sajha keeps you close to home: follow the people and places
            you care about, talk and call for free, and celebrate the creativity of a country with more stories than
            peaks.
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: { xs: 1.5, sm: 2 } }}>
          {PILLARS.map((pillar) => (
            <Paper
              key={pillar.title}
              variant="outlined"
              sx={{
                p: { xs: 2, sm: 2.5 },
                borderRadius: 3,
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: { xs: 1.5, sm: 2 },
              }}
            >
              <IconBadge>{pillar.icon}</IconBadge>
              <div>
                <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                  {pillar.title}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: '0.95rem' }}>
                  {pillar.text}
                </Typography>
              </div>
            </Paper>
          ))}
        </Box>
      </Box>
    </LandingSection>
  );
}
