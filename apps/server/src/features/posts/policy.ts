/**
 * Who may do what to a post. Any member may view, like, comment on and share a post, and any visitor may
 * view one through its shared link, unless there is a block either way with its author: then the post
 * answers as gone (or, for commenting, says why). Edit and delete belong to the author alone, whatever the
 * client's menu shows. Feeds and lists leave blocked authors out in SQL (policy/relations.ts).
 */
import {
  Messages,
  ModerationMessages,
  PeopleMessages,
  POST_CATEGORIES,
  PrivacyText,
  type Audience,
  type ReplyPolicy,
} from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, isStaff, type Actor, type Refusal } from '../../policy/authorize.js';
import { audienceAdmits, type Relation } from '../../policy/relations.js';

export const POST_CATEGORY_SET: ReadonlySet<string> = new Set(POST_CATEGORIES);

/** What the policy needs of a post. */
export interface PostResource {
  id: string;
  authorId: string;
  linkUrl: string | null;
  /** Removed by moderators: nobody sees it any more ("This post was removed by moderators."). */
  removed: boolean;
  /** Its author is limited by moderators: only their followers see it. */
  authorLimited: boolean;
  /** Who sees it (issue 38), and whether its author's account is private. */
  audience: Audience;
  authorPrivate: boolean;
  /** Who may comment on it. */
  replyPolicy: ReplyPolicy;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    'post.create': undefined;
    /** One post (fOp, /p/{id}, its comments, watching them). */
    'post.view': PostResource;
    'post.like': PostResource;
    'post.comment': PostResource;
    'post.share': PostResource;
    'post.edit': PostResource;
    'post.delete': PostResource;
    /** The member's feed and the home page's cards: lists filtered in SQL. */
    'feed.read': undefined;
    /** The member's own profile-completion card. */
    'home.status': undefined;
  }
}

const authorOnly = (actor: { id: string } | null, post: PostResource) =>
  post.authorId === actor?.id ? undefined : new AppError(Messages.post.ownerOnly, 403);

/**
 * Who sees a post at all: nobody once moderators removed it; of a limited author, their followers and
 * staff; outside its audience (relations.ts: audienceAdmits), nobody but staff viewing it (a reported
 * post must be reviewable), answered as "not available" (the same 404 as a missing post, so an audience
 * cannot be probed). Every post action asks this first.
 */
const visible = (
  { actor, resource, relation }: { actor: Actor | null; resource: PostResource; relation: Relation },
  staffReview = false,
) => {
  if (resource.removed) return new AppError(ModerationMessages.postRemoved, 404);
  if (resource.authorLimited && !relation.self && !relation.follows && !isStaff(actor)) {
    return new AppError(Messages.post.gone, 404);
  }
  if (!(staffReview && isStaff(actor)) && !audienceAdmits(relation, resource.audience, resource.authorPrivate)) {
    return new AppError(PrivacyText.postUnavailable, 404);
  }
  return undefined;
};

/** Who may comment (issue 38): the author always; else as the author's reply setting says. */
const mayReply = ({ resource, relation }: { resource: PostResource; relation: Relation }): Refusal => {
  if (relation.self || resource.replyPolicy === 'everyone') return undefined;
  if (resource.replyPolicy === 'following' && relation.followedBy) return undefined;
  return new AppError(
    resource.replyPolicy === 'nobody' ? PrivacyText.repliesClosed : PrivacyText.repliesFollowingOnly,
    403,
  );
};
const onVisible = (more?: (ctx: { actor: Actor | null; resource: PostResource; relation: Relation }) => Refusal) => ({
  owner: (p: PostResource) => p.authorId,
  allow: (ctx: { actor: Actor | null; resource: PostResource; relation: Relation }) => visible(ctx) ?? more?.(ctx),
});

export const postsPolicy = definePolicy({
  notFound: () => new AppError(Messages.post.gone, 404),
  actions: {
    'post.create': { self: true },
    // Staff may open a post outside its audience (to review a report); nothing else of theirs bypasses it.
    'post.view': {
      owner: (p: PostResource) => p.authorId,
      visitors: true,
      allow: (ctx: { actor: Actor | null; resource: PostResource; relation: Relation }) => visible(ctx, true),
    },
    'post.like': onVisible(),
    'post.comment': {
      ...onVisible((ctx) => mayReply(ctx)),
      acrossBlock: () => new AppError(PeopleMessages.cannotComment, 403),
    },
    'post.share': onVisible(),
    'post.edit': onVisible(({ actor, resource }) => authorOnly(actor, resource)),
    // A removed post is its author's to delete still (not to see): deleting is never refused by a removal.
    'post.delete': { owner: (p) => p.authorId, allow: ({ actor, resource }) => authorOnly(actor, resource) },
    'feed.read': { self: true },
    'home.status': { self: true },
  },
});
