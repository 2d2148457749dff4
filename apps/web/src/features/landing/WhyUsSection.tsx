import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import type { ReactNode } from 'react';
import { IconBadge, LandingSection } from './LandingSection';

const REASONS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <PublicOutlined />,
    title: 'Rooted in Nepal',
    text: "Made around Nepal's people, festivals, food and places, so what you share finds an audience that gets it.",
  },
  {
    icon: <VolunteerActivismOutlined />,
    title: 'Free for everyone',
    text: 'Joining is free. No paywall stands between you and your friends, your family or your followers.',
  },
  {
    icon: <BrushOutlined />,
    title: 'Made for creators',
    text: 'Photographers and artists get a monthly contest with cash prizes and a community that cheers them on.',
  },
  {
    icon: <ShieldOutlined />,
    title: 'Your work, your data',
    text: 'You keep the rights to what you post. We never sell your data, and we delete it when you ask.',
  },
];

export function WhyUsSection() {
  return (
    <LandingSection
      id="why-us"
      eyebrow="Why us"
      title="Social media that feels like home"
      intro="Big platforms are built for everyone and no one. Sajha is built for us."
      tinted
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2.5 }}>
        {REASONS.map((reason) => (
          <Paper
            key={reason.title}
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
                {reason.title}
              </Typography>
            </Box>
            <Typography color="text.secondary">{reason.text}</Typography>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
