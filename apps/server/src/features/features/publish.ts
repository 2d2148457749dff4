/** Board facts -> emits: a changed suggestion (new, voted, status) reaches every open board but those across a block with its author. */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const featuresListeners: Listeners = {
  'feature.updated': ({ item, hiddenFrom }, { io }) => {
    io.main.except(hiddenFrom.map(userRoom)).emit(Events.featureUpdated, item);
  },
};
