/** The home feed: every member's posts (blocked authors left out in SQL), newest first, by category. */
import { defineFeature } from '../../feature.js';
import { feedSocket } from './events.js';

export default defineFeature({ name: 'feed', socket: feedSocket });
