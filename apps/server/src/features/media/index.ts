/** Media: public files served with ranges and caching, and every stored file's part of a member's account. */
import { defineFeature } from '../../feature.js';
import { deleteMedia, exportMedia } from './account.js';
import { mediaRoutes } from './routes.js';

export default defineFeature({
  name: 'media',
  http: mediaRoutes,
  account: { tables: ['files'], exportAccount: exportMedia, deleteAccount: deleteMedia },
});
