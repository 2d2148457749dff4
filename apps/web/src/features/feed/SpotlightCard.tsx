/** The daily spotlight member: a collapsible card linking to /profile/@{username}. */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import StarRounded from '@mui/icons-material/StarRounded';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSpotlight } from './queries';

/** The open card's height with a one-line bio (its usual look), kept for it while it loads. */
const SPOTLIGHT_HEIGHT = 120;

export function SpotlightCard() {
  const { data: user, isPending } = useSpotlight();
  const [open, setOpen] = useState(true);
  const { t } = useTranslation('feed');
  // Its place is kept while it loads: a card appearing above the posts once they are shown moved them down.
  if (isPending) return <Skeleton variant="rounded" height={SPOTLIGHT_HEIGHT} sx={{ borderRadius: 3 }} />;
  if (!user) return null;
  const to = `/profile/@${user.username}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ borderRadius: 3, overflow: 'hidden' }}
      aria-label={t('spotlight.label')}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <StarRounded color="warning" />
        <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('spotlight.title')}
        </Typography>
        <IconButton
          size="small"
          aria-label={open ? t('spotlight.collapse') : t('spotlight.expand')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMore />
        </IconButton>
      </Box>
      <Collapse in={open}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, pb: 2 }}>
          <Avatar
            src={user.avatar ?? undefined}
            alt={user.name}
            component={RouterLink}
            to={to}
            sx={{ width: 52, height: 52, textDecoration: 'none' }}
          >
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link component={RouterLink} to={to} underline="hover" color="text.primary" sx={{ fontWeight: 700 }}>
              {user.name}
            </Link>
            <Typography variant="caption" color="text.secondary" component="p">
              {`@${user.username}`}
            </Typography>
            {user.bio && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {user.bio}
              </Typography>
            )}
          </Box>
        </Box>
      </Collapse>
    </Paper>
  );
}
