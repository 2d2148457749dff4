import type { ReactElement } from 'react';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: ReactElement; badge?: 'messages' }
  | {
      kind: 'action';
      label: string;
      action: 'createPost' | 'notifications';
      icon: ReactElement;
      badge?: 'notifications';
    }
  | { kind: 'external'; label: string; href: 'contest' | 'sisterSite'; icon: ReactElement };

/** Sidebar order from part 1 §2. */
export const NAV_ITEMS: NavItem[] = [
  { kind: 'link', label: 'Home', to: '/home', icon: <HomeOutlined /> },
  { kind: 'link', label: 'Clips', to: '/clips', icon: <SmartDisplayOutlined /> },
  { kind: 'action', label: 'Create Post', action: 'createPost', icon: <AddBoxOutlined /> },
  { kind: 'link', label: 'Messages', to: '/message', icon: <ChatBubbleOutlineOutlined />, badge: 'messages' },
  {
    kind: 'action',
    label: 'Notifications',
    action: 'notifications',
    icon: <NotificationsNoneOutlined />,
    badge: 'notifications',
  },
  { kind: 'link', label: 'Friends', to: '/friends', icon: <PeopleOutlined /> },
  { kind: 'link', label: 'AI Assistant', to: '/ai', icon: <AutoAwesomeOutlined /> },
  { kind: 'external', label: 'Monthly Contest', href: 'contest', icon: <EmojiEventsOutlined /> },
  { kind: 'external', label: 'Sajha Studio', href: 'sisterSite', icon: <PaletteOutlined /> },
  { kind: 'link', label: 'Features', to: '/features', icon: <LightbulbOutlined /> },
  { kind: 'link', label: 'Settings', to: '/settings', icon: <SettingsOutlined /> },
];

/** Ours (issue 33): staff only, after the spec's entries; the staff screens live under /admin. */
export const ADMIN_NAV_ITEM: NavItem = {
  kind: 'link',
  label: 'Admin',
  to: '/admin',
  icon: <AdminPanelSettingsOutlined />,
};
