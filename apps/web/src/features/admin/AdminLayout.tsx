/**
 * The staff shell under /admin: asks the server who the member is (GET /api/admin/me); a member (refused)
 * gets the app's not-found page, exactly as for any unknown address, so the staff screens give nothing
 * away. Staff get a side navigation from md up and a menu button with a drawer on small screens; the
 * screens read the role through the outlet context (useStaff).
 */
import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import type { ReactElement } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { LAYOUT } from '@sajha/contract';
import { ColorModeToggle } from '../../lib/ColorModeToggle';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { NotFoundPage } from '../misc';
import { useStaffRole, type StaffContext, type StaffRole } from './staffRole';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '../../lib/SkipLink';
import { useVocabulary } from './vocabulary';

const sidebarWidth = { md: LAYOUT.sidebarWidth, lg: LAYOUT.sidebarWidthLarge };

interface StaffNavItem {
  /** The entry's name: `nav.<label>` in the `admin` catalogue. */
  label: 'dashboard' | 'reports' | 'appeals' | 'members' | 'audit' | 'signups';
  to: string;
  icon: ReactElement;
  adminOnly?: boolean;
}

export const STAFF_NAV: StaffNavItem[] = [
  { label: 'dashboard', to: '/admin', icon: <DashboardOutlined /> },
  { label: 'reports', to: '/admin/reports', icon: <FlagOutlined /> },
  { label: 'appeals', to: '/admin/appeals', icon: <GavelOutlined /> },
  { label: 'members', to: '/admin/members', icon: <ManageAccountsOutlined /> },
  { label: 'audit', to: '/admin/audit', icon: <HistoryOutlined />, adminOnly: true },
  { label: 'signups', to: '/admin/signups', icon: <PersonAddAltOutlined />, adminOnly: true },
];

/** The entries a role sees: moderators have no audit log and no sign-ups. */
export const navFor = (role: StaffRole) => STAFF_NAV.filter((item) => !item.adminOnly || role === 'admin');

function StaffNav({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const v = useVocabulary();
  const { t } = v;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <div>
          <Typography
            component={RouterLink}
            to="/admin"
            variant="h6"
            color="primary"
            onClick={onNavigate}
            sx={{ textDecoration: 'none', fontWeight: 800, display: 'block', lineHeight: 1.2 }}
          >
            {t('brand')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {v.roleLabel(role)}
          </Typography>
        </div>
        <ColorModeToggle />
      </Box>
      <List component="nav" aria-label={t('nav.label')} dense sx={{ px: 1, flex: 1, overflowY: 'auto' }}>
        {navFor(role).map((item) => {
          // The dashboard is /admin itself: only exactly there; the others also for their sub-pages.
          const active = item.to === '/admin' ? pathname.replace(/\/$/, '') === '/admin' : pathname.startsWith(item.to);
          return (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={item.to}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={t(`nav.${item.label}`)} />
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
        <ListItemButton component={RouterLink} to="/home">
          <ListItemIcon>
            <ArrowBack />
          </ListItemIcon>
          <ListItemText primary={t('nav.back')} />
        </ListItemButton>
      </Box>
    </Box>
  );
}

function LayoutSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }} aria-busy="true">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Box
        sx={{ display: { xs: 'none', md: 'block' }, width: sidebarWidth, p: 2, borderRight: 1, borderColor: 'divider' }}
      >
        <Skeleton width="70%" height={36} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
      <Box sx={{ flex: 1, p: { xs: 2, md: 4 } }}>
        <Skeleton width={200} height={48} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
}

export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const me = useStaffRole();
  const [menuOpen, setMenuOpen] = useState(false);

  if (me.isPending) return <LayoutSkeleton />;
  if (me.isError) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void me.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {me.error.message}
        </Alert>
      </Box>
    );
  }
  const role = me.data;
  if (!role) return <NotFoundPage />;
  const context: StaffContext = { role };

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          width: sidebarWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: sidebarWidth, boxSizing: 'border-box' },
        }}
      >
        <StaffNav role={role} />
      </Drawer>
      <Drawer
        variant="temporary"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: 260 } }}
      >
        <StaffNav role={role} onNavigate={() => setMenuOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="default"
          elevation={0}
          sx={{ display: { md: 'none' }, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={() => setMenuOpen(true)}>
              <MenuOutlined />
            </IconButton>
            <Typography component="span" variant="h6" sx={{ fontWeight: 800, flex: 1 }} color="primary">
              {t('brand')}
            </Typography>
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, '&:focus': { outline: 'none' } }}
        >
          <Outlet context={context} />
        </Box>
      </Box>
    </Box>
  );
}
