/**
 * /settings and /settings/{tab} (part 2 "Settings"): title "Settings", a section menu, and the five
 * tabs (and ours: Privacy, issue 38; Safety, with mutes, muted words and standing with moderators;
 * Language, with the interface language, calendar and digits). Without a tab, narrow screens show only the menu and wide
 * screens a placeholder icon. A spinner shows until the profile has arrived.
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
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { SETTINGS_TABS } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { LanguageSettings } from '../../i18n/LanguageSettings';
import { SafetyTab } from '../moderation';
import { PrivacyTab } from '../privacy';
import { useProfileForm } from './useProfileForm';

/**
 * The spec's tabs, Privacy (ours: audiences, a private account, who may message or call) and Language
 * (ours: the member's language settings, saved on their account).
 */
const TABS = [...SETTINGS_TABS, 'privacy', 'language'] as const;
type Tab = (typeof TABS)[number];

/** Each section's menu entry (its texts are the settings catalogue's `sections.{tab}`). */
const SECTIONS: { tab: Tab; icon: React.ReactNode }[] = [
  { tab: 'account', icon: <BadgeOutlined /> },
  { tab: 'personal', icon: <PersonOutlined /> },
  { tab: 'social', icon: <ShareOutlined /> },
  { tab: 'security', icon: <LockOutlined /> },
  { tab: 'privacy', icon: <VisibilityOutlined /> },
  { tab: 'notifications', icon: <NotificationsOutlined /> },
  { tab: 'safety', icon: <ShieldOutlined /> },
  { tab: 'language', icon: <LanguageOutlined /> },
];

const AccountTab = lazy(() => import('./AccountTab'));
const PersonalTab = lazy(() => import('./PersonalTab'));
const SocialTab = lazy(() => import('./SocialTab'));
const SecurityTab = lazy(() => import('./SecurityTab'));
const NotificationsTab = lazy(() => import('./NotificationsTab'));

const isTab = (t: string | undefined): t is Tab => TABS.includes(t as Tab);

function Spinner() {
  const { t } = useTranslation('settings');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { tab } = useParams();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const form = useProfileForm();
  const documentTitle = t('documentTitle');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  if (tab !== undefined && !isTab(tab)) return <Navigate to="/settings" replace />;
  const section = SECTIONS.find((s) => s.tab === tab);
  /** Language's name is the one its own settings show (common's `language.title`). */
  const labelOf = (s: Tab) => (s === 'language' ? t('common:language.title') : t(`sections.${s}.label`));

  const headingId = section?.tab === 'language' ? 'language-settings-title' : 'settings-section';

  const menu = (
    <Paper variant="outlined" component="nav" aria-label={t('sectionsLabel')} sx={{ alignSelf: 'start' }}>
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
            <ListItemText primary={labelOf(s.tab)} secondary={t(`sections.${s.tab}.hint`)} />
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
        <Typography>{t('choose')}</Typography>
      </Box>
    );
  } else if (section.tab === 'language') {
    content = <LanguageSettings />;
  } else if (section.tab === 'privacy') {
    // Its own settings (GET /api/settings/privacy), not the profile form's.
    content = (
      <Suspense fallback={<Spinner />}>
        <PrivacyTab />
      </Suspense>
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
    // Inside the app's one <main> (shell/AppLayout.tsx).
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1040, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, gap: 3 }}>
        {(wide || !section) && menu}
        {(wide || section) && (
          <Paper
            variant="outlined"
            component="section"
            {...(section ? { 'aria-labelledby': headingId } : { 'aria-label': t('title') })}
            sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
          >
            {section && (!wide || section.tab !== 'language') && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                {!wide && (
                  <Button component={RouterLink} to="/settings" startIcon={<ArrowBackOutlined />} size="small">
                    {t('common:back')}
                  </Button>
                )}
                {/* Language's settings bring their own heading. */}
                {section.tab !== 'language' && (
                  <Typography id="settings-section" variant="h6" component="h2">
                    {labelOf(section.tab)}
                  </Typography>
                )}
              </Box>
            )}
            {content}
          </Paper>
        )}
      </Box>
    </Box>
  );
}
