/**
 * Who may do what to a reel: any member may see, like, comment on and share a ready reel, unless there is
 * a block either way with its owner or the viewer is outside its audience (then it is "not available"); only the owner deletes it, and only the
 * uploader sees where an upload stands. The list leaves blocked owners out in SQL.
 */
import { ModerationMessages, ReelMessages, type Audience } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, type Refusal } from '../../policy/authorize.js';
import { audienceAdmits, type Relation } from '../../policy/relations.js';

export interface ReelResource {
  id: string;
  authorId: string;
  status: string;
  /** Removed by moderators: not available to anyone. */
  removed: boolean;
  sourceFileId: string | null;
  videoFileId: string | null;
  /** Who sees it (issue 38), and whether its author's account is private. */
  audience: Audience;
  authorPrivate: boolean;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    'reel.upload': undefined;
    /** The page of reels: a list filtered in SQL. */
    'reels.read': undefined;
    'reel.view': ReelResource;
    'reel.like': ReelResource;
    'reel.comment': ReelResource;
    'reel.share': ReelResource;
    'reel.delete': ReelResource;
    /** Where an upload stands: its uploader only. */
    'reel.status': ReelResource;
  }
}

const notAvailable = () => new AppError(ReelMessages.notFound, 404);
const ready = ({ resource, relation }: { resource: ReelResource; relation: Relation }): Refusal =>
  resource.removed
    ? new AppError(ModerationMessages.reelRemoved, 404)
    : resource.status !== 'ready' || !audienceAdmits(relation, resource.audience, resource.authorPrivate)
      ? notAvailable()
      : undefined;
const onReady = { owner: (r: ReelResource) => r.authorId, allow: ready };

export const reelsPolicy = definePolicy({
  notFound: notAvailable,
  actions: {
    'reel.upload': { self: true },
    'reels.read': { self: true },
    'reel.view': onReady,
    'reel.like': onReady,
    'reel.comment': onReady,
    'reel.share': onReady,
    'reel.delete': {
      owner: (r) => r.authorId,
      allow: (ctx) =>
        ready(ctx) ?? (ctx.resource.authorId === ctx.actor?.id ? undefined : new AppError(ReelMessages.ownerOnly, 403)),
    },
    'reel.status': {
      owner: (r) => r.authorId,
      allow: ({ actor, resource }) => (resource.authorId === actor?.id ? undefined : notAvailable()),
    },
  },
});
