/** The features board: members suggest and vote; admins set a suggestion's status. */
import { defineFeature } from '../../feature.js';
import { deleteBoard, exportBoard } from './account.js';
import { featuresSocket } from './events.js';
import { featuresPolicy } from './policy.js';
import { featuresListeners } from './publish.js';

export default defineFeature({
  name: 'features',
  policy: featuresPolicy,
  socket: featuresSocket,
  on: featuresListeners,
  account: { tables: ['feature_suggestions', 'feature_votes'], exportAccount: exportBoard, deleteAccount: deleteBoard },
});
