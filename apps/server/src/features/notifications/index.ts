/** What other features may use of notifications: tell a member now, or when they are away. */
export { notify } from './service.js';
export { notifyAway } from './away.js';
export { vapidKeys } from './push.js';
