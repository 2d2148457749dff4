/**
 * /settings and /settings/{tab} (part 2 "Settings"): title "Settings", a section menu, and the five
 * tabs (and ours, Safety: mutes, muted words, standing with moderators). Without a tab, narrow screens show only the menu and wide screens a placeholder icon. A
 * spinner shows until the profile has arrived.
 */
import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { SETTINGS_TABS } from '@sajha/contract';
import { SafetyTab } from '../moderation';
import { useProfileForm } from './useProfileForm';

type Tab = (typeof SETTINGS_TABS)[number];

const SECTIONS: { tab: Tab; label: string; hint: string; icon: React.ReactNode }[] = [
  { tab: 'account', label: 'Account', hint: 'Picture, name, username, your data', icon: <BadgeOutlined /> },
  { tab: 'personal', label: 'Personal', hint: 'Phone, location, bio, birthday', icon: <PersonOutlined /> },
  { tab: 'social', label: 'Social', hint: 'Links to your other profiles', icon: <ShareOutlined /> },
  { tab: 'security', label: 'Security', hint: 'Password, sessions, two-factor', icon: <LockOutlined /> },
  { tab: 'notifications', label: 'Notifications', hint: 'What reaches you, and how', icon: <NotificationsOutlined /> },
  { tab: 'safety', label: 'Safety', hint: 'Muted members and words, your standing', icon: <ShieldOutlined /> },
];

const AccountTab = lazy(() => import('./AccountTab'));
const PersonalTab = lazy(() => import('./PersonalTab'));
const SocialTab = lazy(() => import('./SocialTab'));
const SecurityTab = lazy(() => import('./SecurityTab'));
const NotificationsTab = lazy(() => import('./NotificationsTab'));

const isTab = (t: string | undefined): t is Tab => SETTINGS_TABS.includes(t as Tab);

function Spinner() {
  return (
    <Box role="status" aria-label="Loading settings" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress />
    </Box>
  );
}

export default function SettingsPage() {
  const { tab } = useParams();
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const form = useProfileForm();
  useEffect(() => {
    document.title = 'Settings - Sajha';
  }, []);
  if (tab !== undefined && !isTab(tab)) return <Navigate to="/settings" replace />;
  const section = SECTIONS.find((s) => s.tab === tab);

  const menu = (
    <Paper variant="outlined" component="nav" aria-label="Settings sections" sx={{ alignSelf: 'start' }}>
      {/* Links straight inside (no <li>): a <div>, so the list is not a <ul> of anchors. */}
      <List disablePadding component="div">
        {SECTIONS.map((s) => (
          <ListItemButton
            key={s.tab}
            component={RouterLink}
            to={`/settings/${s.tab}`}
            selected={s.tab === tab}
            aria-current={s.tab === tab ? 'page' : undefined}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{s.icon}</ListItemIcon>
            <ListItemText primary={s.label} secondary={s.hint} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );

  let content: React.ReactNode;
  if (!section) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10, color: 'text.secondary', textAlign: 'center' }}>
        <SettingsOutlined sx={{ fontSize: 72, mb: 1 }} aria-hidden />
        <Typography>Choose a section to change your settings.</Typography>
      </Box>
    );
  } else if (!form.profile) {
    content = <Spinner />;
  } else {
    const props = { profile: form.profile, save: form.save };
    content = (
      <Suspense fallback={<Spinner />}>
        {section.tab === 'account' && <AccountTab {...props} />}
        {section.tab === 'personal' && <PersonalTab {...props} />}
        {section.tab === 'social' && <SocialTab {...props} />}
        {section.tab === 'security' && <SecurityTab {...props} />}
        {section.tab === 'notifications' && <NotificationsTab />}
        {section.tab === 'safety' && <SafetyTab />}
      </Suspense>
    );
  }

  return (
    <Box component="main" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1040, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Settings
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, gap: 3 }}>
        {(wide || !section) && menu}
        {(wide || section) && (
          <Paper
            variant="outlined"
            component="section"
            {...(section ? { 'aria-labelledby': 'settings-section' } : { 'aria-label': 'Settings' })}
            sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
          >
            {section && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                {!wide && (
                  <Button component={RouterLink} to="/settings" startIcon={<ArrowBackOutlined />} size="small">
                    Back
                  </Button>
                )}
                <Typography id="settings-section" variant="h6" component="h2">
                  {section.label}
                </Typography>
              </Box>
            )}
            {content}
          </Paper>
        )}
      </Box>
    </Box>
  );
}
