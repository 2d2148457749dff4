/** Board facts -> emits: a changed suggestion (new, voted, status) reaches every open board. */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';

export const featuresListeners: Listeners = {
  'feature.updated': ({ item }, { io }) => {
    io.main.emit(Events.featureUpdated, item);
  },
};
