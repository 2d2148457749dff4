/**
 * The signed-in shell (part 1 §2): a sidebar from md up (220 px, 240 px from lg), a bottom bar and a
 * slide-in navigation on small screens (the drawer locks page scroll while open), and the content
 * under a header with the search box (ours, issue 35; lib/layout.ts has its measures).
 */
import { Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LAYOUT } from '@sajha/contract';
import { useFormat } from '../i18n/format';
import { useAuth } from '../lib/auth';
import { useRealtime } from '../lib/realtime';
import { IncomingCallPrompt } from '../features/calls';
import { addCreatedPost } from '../features/feed';
import { NotificationsDrawer, useNotifications } from '../features/notifications';
import { CreatePostDialog } from '../features/posts';
import { HeaderSearch } from '../features/search';
import { useStaffRole } from '../features/admin';
import { ColorModeToggle } from '../lib/ColorModeToggle';
import { usePublicConfig } from '../lib/publicConfig';
import { FULL_SCREEN_PATHS, HEADER_HEIGHT } from '../lib/layout';
import { LogoutDialog } from './LogoutDialog';
import { ADMIN_NAV_ITEM, NAV_ITEMS, type NavId, type NavItem } from './navItems';
import { VisuallyHidden } from '../lib/VisuallyHidden';
import { MAIN_CONTENT_ID, SkipLink } from '../lib/SkipLink';

const sidebarWidth = { md: LAYOUT.sidebarWidth, lg: LAYOUT.sidebarWidthLarge };

/** Words for screen readers only, inside a catalogue text: `<hidden>…</hidden>`. */
const hidden = { hidden: <VisuallyHidden>{null}</VisuallyHidden> };

function NavList({
  onNavigate,
  onAction,
}: {
  onNavigate?: () => void;
  onAction: (a: 'createPost' | 'notifications') => void;
}) {
  const { t } = useTranslation('shell');
  const f = useFormat();
  const { pathname } = useLocation();
  const config = usePublicConfig();
  const { unreadMessages } = useRealtime();
  const { unread: unreadNotifications } = useNotifications();
  const counts = { messages: unreadMessages, notifications: unreadNotifications };
  // Staff get one more entry; members never see it (the server's answer decides, cached for the visit).
  const staff = useStaffRole(useAuth().isAuthenticated).data;
  const items = staff ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
  const render = (item: NavItem) => {
    const icon =
      item.kind !== 'external' && item.badge ? (
        <Badge
          color="error"
          badgeContent={counts[item.badge]}
          invisible={counts[item.badge] === 0}
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          {item.icon}
        </Badge>
      ) : (
        item.icon
      );
    // The badge is drawn, not read: screen readers get the count as words in the entry's label.
    const count = item.kind !== 'external' && item.badge ? counts[item.badge] : 0;
    const name = t(`nav.${item.id}`);
    const label = (
      <>
        {name}
        {count > 0 && <VisuallyHidden>{t('nav.unread', { count, number: f.number(count) })}</VisuallyHidden>}
      </>
    );
    if (item.kind === 'link') {
      const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
      return (
        <ListItemButton
          key={item.id}
          component={RouterLink}
          to={item.to}
          selected={active}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
        >
          <ListItemIcon>{icon}</ListItemIcon>
          <ListItemText primary={label} />
        </ListItemButton>
      );
    }
    if (item.kind === 'external') {
      const href = config ? (item.href === 'contest' ? config.contestUrl : config.sisterSiteUrl) : undefined;
      return (
        <ListItemButton key={item.id} component="a" href={href} target="_blank" rel="noopener noreferrer">
          <ListItemIcon>{icon}</ListItemIcon>
          <ListItemText primary={name} />
          <OpenInNew fontSize="small" sx={{ opacity: 0.5 }} aria-label={t('nav.newTab')} />
        </ListItemButton>
      );
    }
    return (
      <ListItemButton key={item.id} onClick={() => onAction(item.action)}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    );
  };
  return (
    <List component="nav" aria-label={t('nav.label')} dense sx={{ px: 1 }}>
      {items.map(render)}
    </List>
  );
}

function ProfileBlock({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Avatar
        src={user.avatar ?? undefined}
        alt={user.name}
        component={RouterLink}
        to="/profile"
        sx={{ width: 36, height: 36, textDecoration: 'none' }}
      >
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {user.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          @{user.username}
        </Typography>
      </Box>
      <Tooltip title={t('logout')}>
        <IconButton aria-label={t('logout')} onClick={onLogout} size="small">
          <LogoutOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * The header above every page: the search box (on phones a button that opens it, and the app's name,
 * which the sidebar shows from md up). On phones it scrolls away with the page, and screens that fill
 * the screen leave it out; from md up it stays on top.
 */
function Header() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const fullScreen = FULL_SCREEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  return (
    <Box
      component="header"
      sx={{
        position: { xs: 'relative', md: 'sticky' },
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        height: HEADER_HEIGHT,
        flexShrink: 0,
        display: { xs: fullScreen ? 'none' : 'flex', md: 'flex' },
        alignItems: 'center',
        justifyContent: { xs: 'space-between', md: 'center' },
        gap: 1,
        px: { xs: 2, md: 3 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        component={RouterLink}
        to="/home"
        variant="h6"
        color="primary"
        sx={{ display: { md: 'none' }, textDecoration: 'none', fontWeight: 800 }}
      >
        {t('common:appName')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', width: { md: '100%' }, maxWidth: { md: 560 } }}>
        <HeaderSearch />
      </Box>
    </Box>
  );
}

function SidebarContent(props: {
  onNavigate?: () => void;
  onAction: (a: 'createPost' | 'notifications') => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography
          component={RouterLink}
          to="/home"
          variant="h6"
          color="primary"
          sx={{ textDecoration: 'none', fontWeight: 800 }}
        >
          {t('common:appName')}
        </Typography>
        <ColorModeToggle />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <NavList onNavigate={props.onNavigate} onAction={props.onAction} />
      </Box>
      <ProfileBlock onLogout={props.onLogout} />
    </Box>
  );
}

export default function AppLayout() {
  const { t } = useTranslation('shell');
  const f = useFormat();
  const { logout } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [pending, setPending] = useState<null | 'createPost'>(null);
  const { unreadMessages } = useRealtime();
  const { unread: unreadNotifications, openPanel: openNotifications } = useNotifications();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  const onAction = (a: 'createPost' | 'notifications') => {
    setMenuOpen(false);
    if (a === 'notifications') openNotifications();
    else setPending(a);
  };
  const onLogout = () => {
    setMenuOpen(false);
    setConfirmLogout(true);
  };
  const navIcon = (id: NavId) => NAV_ITEMS.find((i) => i.id === id)!.icon;
  // Names come from the (often visually hidden) labels, so they include what the icons show;
  // drawn counts are hidden from screen readers and spoken as words in the label instead.
  const count = (n: number, key: 'nav.unread' | 'bottom.unreadNotifications') =>
    n > 0 ? <VisuallyHidden>{t(key, { count: n, number: f.number(n) })}</VisuallyHidden> : null;
  const bottomItems: ({ value: string; icon: ReactElement; label: ReactNode } & (
    { to: string } | { onClick: () => void }
  ))[] = [
    { label: t('nav.home'), value: '/home', icon: navIcon('home'), to: '/home' },
    { label: t('nav.clips'), value: '/clips', icon: navIcon('clips'), to: '/clips' },
    {
      label: <Trans t={t} i18nKey="bottom.create" components={hidden} />,
      value: 'create',
      icon: navIcon('createPost'),
      onClick: () => onAction('createPost'),
    },
    {
      label: (
        <>
          {t('nav.messages')}
          {count(unreadMessages, 'nav.unread')}
        </>
      ),
      value: '/message',
      icon: (
        <Badge
          color="error"
          badgeContent={unreadMessages}
          invisible={unreadMessages === 0}
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          {navIcon('messages')}
        </Badge>
      ),
      to: '/message',
    },
    { label: t('nav.friends'), value: '/friends', icon: navIcon('friends'), to: '/friends' },
    {
      // Notifications live in the drawer on small screens; their count shows on the button that opens it.
      label: (
        <>
          <Trans t={t} i18nKey="bottom.menu" components={hidden} />
          {count(unreadNotifications, 'bottom.unreadNotifications')}
        </>
      ),
      value: 'menu',
      icon: (
        <Badge
          color="error"
          badgeContent={unreadNotifications}
          invisible={unreadNotifications === 0}
          max={99}
          slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'menu-notifications-badge' } as object }}
        >
          <MenuOutlined />
        </Badge>
      ),
      onClick: () => setMenuOpen(true),
    },
  ];
  const sidebar = <SidebarContent onAction={onAction} onLogout={onLogout} onNavigate={() => setMenuOpen(false)} />;
  const bottomValue = ['/home', '/clips', '/message', '/friends'].find((p) => pathname.startsWith(p)) ?? false;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: sidebarWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: sidebarWidth, boxSizing: 'border-box' },
        }}
        open
      >
        {sidebar}
      </Drawer>
      <Drawer
        variant="temporary"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        ModalProps={{ keepMounted: false }}
        // A modal panel over the page: named, so a screen reader announces what opened.
        slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': t('bottom.drawer') } }}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: 260 } }}
      >
        {sidebar}
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, pb: { xs: 8, md: 0 }, '&:focus': { outline: 'none' } }}
        >
          <Outlet />
        </Box>
      </Box>
      <Paper
        elevation={8}
        sx={{
          position: 'fixed',
          bottom: 0,
          left: 0,
          right: 0,
          display: { md: 'none' },
          zIndex: (t) => t.zIndex.appBar,
        }}
        component="nav"
        aria-label={t('bottom.label')}
      >
        <BottomNavigation
          value={bottomValue}
          showLabels={false}
          sx={{ '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 } }}
        >
          {bottomItems.map((item) => (
            <BottomNavigationAction
              key={item.value}
              label={item.label}
              value={item.value}
              icon={item.icon}
              {...('to' in item ? { component: RouterLink, to: item.to } : { onClick: item.onClick })}
            />
          ))}
        </BottomNavigation>
      </Paper>
      <LogoutDialog
        open={confirmLogout}
        onClose={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          logout();
          void navigate('/signin', { replace: true });
        }}
      />
      <IncomingCallPrompt />
      <NotificationsDrawer />
      {pending === 'createPost' && (
        <Suspense fallback={null}>
          {/* A post created here goes on top of the home feed when its category fits. */}
          <CreatePostDialog open onClose={() => setPending(null)} onCreated={(post) => addCreatedPost(client, post)} />
        </Suspense>
      )}
    </Box>
  );
}
