import type { ReactElement } from 'react';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';

/** An entry's words are `nav.<id>` in the shell catalogue. */
export type NavId =
  | 'home'
  | 'clips'
  | 'explore'
  | 'createPost'
  | 'messages'
  | 'notifications'
  | 'friends'
  | 'saved'
  | 'ai'
  | 'contest'
  | 'sisterSite'
  | 'features'
  | 'settings'
  | 'help'
  | 'admin';

export type NavItem =
  | { kind: 'link'; id: NavId; to: string; icon: ReactElement; badge?: 'messages' }
  | {
      kind: 'action';
      id: NavId;
      action: 'createPost' | 'notifications';
      icon: ReactElement;
      badge?: 'notifications';
    }
  | { kind: 'external'; id: NavId; href: 'contest' | 'sisterSite'; icon: ReactElement };

/** Sidebar order from part 1 §2, with Explore (ours, issue 35) after Clips. */
export const NAV_ITEMS: NavItem[] = [
  { kind: 'link', id: 'home', to: '/home', icon: <HomeOutlined /> },
  { kind: 'link', id: 'clips', to: '/clips', icon: <SmartDisplayOutlined /> },
  { kind: 'link', id: 'explore', to: '/explore', icon: <ExploreOutlined /> },
  { kind: 'action', id: 'createPost', action: 'createPost', icon: <AddBoxOutlined /> },
  { kind: 'link', id: 'messages', to: '/message', icon: <ChatBubbleOutlineOutlined />, badge: 'messages' },
  {
    kind: 'action',
    id: 'notifications',
    action: 'notifications',
    icon: <NotificationsNoneOutlined />,
    badge: 'notifications',
  },
  { kind: 'link', id: 'friends', to: '/friends', icon: <PeopleOutlined /> },
  // Ours (issue 37): the member's private list of saved posts and clips.
  { kind: 'link', id: 'saved', to: '/saved', icon: <BookmarkBorderOutlined /> },
  { kind: 'link', id: 'ai', to: '/ai', icon: <AutoAwesomeOutlined /> },
  { kind: 'external', id: 'contest', href: 'contest', icon: <EmojiEventsOutlined /> },
  { kind: 'external', id: 'sisterSite', href: 'sisterSite', icon: <PaletteOutlined /> },
  { kind: 'link', id: 'features', to: '/features', icon: <LightbulbOutlined /> },
  { kind: 'link', id: 'settings', to: '/settings', icon: <SettingsOutlined /> },
  { kind: 'link', id: 'help', to: '/help', icon: <HelpOutlineOutlined /> },
];

/** Ours (issue 33): staff only, after the spec's entries; the staff screens live under /admin. */
export const ADMIN_NAV_ITEM: NavItem = {
  kind: 'link',
  id: 'admin',
  to: '/admin',
  icon: <AdminPanelSettingsOutlined />,
};
