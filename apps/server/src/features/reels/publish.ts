/**
 * Reel and feature-board facts -> emits. A ready reel is announced to every member but those on either
 * side of a block with the author (the author gets their own view of it and its status); counts, deletions and board changes go to every open page.
 */
import { Events, type FeatureItem, type ReelDto } from '@sajha/contract';
import type { EventBus } from '../../events/bus.js';
import { userRoom, type IoServer } from '../../realtime/types.js';

type ReelStatus = { id: string; status: 'ready'; reel: ReelDto } | { id: string; status: 'failed'; message: string };

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** `hiddenFrom`: members on either side of a block with the author, who must not be shown it. */
    'reel.ready': { authorId: string; reel: ReelDto; hiddenFrom: string[] };
    'reel.failed': { authorId: string; id: string; message: string };
    'reel.stats': { id: string; stats: { likes: number; comments: number; shares: number } };
    'reel.deleted': { id: string };
    'feature.updated': { item: Omit<FeatureItem, 'voted'> };
  }
}

export function publishReels(bus: EventBus, io: IoServer): void {
  bus.subscribe('reel.ready', ({ authorId, reel, hiddenFrom }) => {
    const status: ReelStatus = { id: reel.id, status: 'ready', reel };
    io.to(userRoom(authorId)).emit(Events.reelStatus, status);
    // Everyone else gets it as a viewer (owner false, not liked).
    io.except([authorId, ...hiddenFrom].map(userRoom)).emit(Events.newReel, { reel: { ...reel, owner: false } });
    io.to(userRoom(authorId)).emit(Events.newReel, { reel });
  });
  bus.subscribe('reel.failed', ({ authorId, id, message }) => {
    io.to(userRoom(authorId)).emit(Events.reelStatus, { id, status: 'failed', message });
  });
  bus.subscribe('reel.stats', (stats) => {
    io.emit(Events.reelStats, stats);
  });
  bus.subscribe('reel.deleted', ({ id }) => {
    io.emit(Events.reelDeleted, { id });
  });
  bus.subscribe('feature.updated', ({ item }) => {
    io.emit(Events.featureUpdated, item);
  });
}
