/** Board facts -> emits: a changed suggestion (new, voted, status) reaches every open board but those across a block with its author. */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const featuresListeners: Listeners = {
  'feature.updated': async ({ item, authorId }, { deps, io }) => {
    const hidden = await deps.policy.relations.blockedWith(authorId);
    io.main.except(hidden.map(userRoom)).emit(Events.featureUpdated, item);
  },
};
