/** Settings: the member's own profile form, picture, password, sessions, two-factor, export and deletion. */
import { defineFeature } from '../../feature.js';
import { deleteSettings, exportSettings } from './account.js';
import { settingsSocket } from './events.js';
import { settingsPolicy } from './policy.js';
import { settingsListeners } from './publish.js';
import { settingsRoutes } from './routes.js';

export { receivePicture, renderAvatar, storeAvatar } from './avatar.js';

export default defineFeature({
  name: 'settings',
  policy: settingsPolicy,
  http: settingsRoutes,
  socket: settingsSocket,
  on: settingsListeners,
  account: { tables: ['socials', 'username_history'], exportAccount: exportSettings, deleteAccount: deleteSettings },
});
