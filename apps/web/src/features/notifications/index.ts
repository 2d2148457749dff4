/**
 * What other areas use of notifications: the provider (app wraps every route in it), the state the
 * shell's bell and menu read, and the drawer the shell draws (its list is a query, so it lives under
 * the shell's data layer).
 */
export { NotificationsProvider } from './NotificationsProvider';
export { NotificationsDrawer } from './NotificationsDrawer';
export { useNotifications, type NotificationsState } from './notificationsState';
