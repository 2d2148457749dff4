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
import { Link as RouterLink } from 'react-router';
import { IconBadge, LandingSection } from './LandingSection';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <DynamicFeedOutlined />,
    title: 'Posts',
    text: 'Share photos, videos and stories. Tag them travel, food, tech, sports or spiritual, and like, comment and share.',
  },
  {
    icon: <SlideshowOutlined />,
    title: 'Clips',
    text: 'Short vertical videos to swipe through: dance, street food, festivals and views from the trail.',
  },
  {
    icon: <ForumOutlined />,
    title: 'Messages',
    text: 'One-to-one and group chats with photos, voice notes, reactions and files. Know when friends are typing.',
  },
  {
    icon: <VideocamOutlined />,
    title: 'Video calls',
    text: 'Voice and video calls right in the browser, so a call home is one tap away, wherever you are.',
  },
  {
    icon: <AutoAwesomeOutlined />,
    title: 'AI assistant',
    text: 'Ask for a trek plan, a caption for your photo, a recipe for the festival or help with a message.',
  },
];

export function SocialSection() {
  return (
    <LandingSection
      id="social"
      eyebrow="Social platform"
      title="Everything you need to stay connected"
      intro="One place for the moments you share and the people you share them with."
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
        {FEATURES.map((feature) => (
          <Paper key={feature.title} variant="outlined" sx={{ p: 3, borderRadius: 4, display: 'flex', gap: 2 }}>
            <IconBadge>{feature.icon}</IconBadge>
            <div>
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
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
            Your people are already sharing.
          </Typography>
          <Button component={RouterLink} to="/signup" variant="contained" endIcon={<ArrowForward />}>
            Join free
          </Button>
        </Paper>
      </Box>
    </LandingSection>
  );
}
