/**
 * Reel facts -> emits. A ready reel is announced to every member but those on either side of a block with
 * the author (the author gets their own view of it and its status); counts and deletions likewise.
 */
import { Events, type ReelDto } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

type ReelStatus = { id: string; status: 'ready'; reel: ReelDto } | { id: string; status: 'failed'; message: string };

export const reelsListeners: Listeners = {
  'reel.ready': ({ authorId, reel, hiddenFrom, everyone }, { io }) => {
    const status: ReelStatus = { id: reel.id, status: 'ready', reel };
    io.main.to(userRoom(authorId)).emit(Events.reelStatus, status);
    // Everyone else gets it as a viewer (owner false, not liked), when it is for everyone.
    if (everyone) {
      io.main.except([authorId, ...hiddenFrom].map(userRoom)).emit(Events.newReel, { reel: { ...reel, owner: false } });
    }
    io.main.to(userRoom(authorId)).emit(Events.newReel, { reel });
  },
  'reel.failed': ({ authorId, id, message }, { io }) => {
    io.main.to(userRoom(authorId)).emit(Events.reelStatus, { id, status: 'failed', message });
  },
  // Counts and deletions reach every open page but those across a block with the clip's author.
  'reel.stats': ({ id, stats, hiddenFrom }, { io }) => {
    io.main.except(hiddenFrom.map(userRoom)).emit(Events.reelStats, { id, stats });
  },
  'reel.deleted': ({ id, hiddenFrom }, { io }) => {
    io.main.except(hiddenFrom.map(userRoom)).emit(Events.reelDeleted, { id });
  },
};
