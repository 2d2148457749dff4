/**
 * Who may do what to a post. Any member may view, like, comment on and share a post, and any visitor may
 * view one through its shared link, unless there is a block either way with its author: then the post
 * answers as gone (or, for commenting, says why). Edit and delete belong to the author alone, whatever the
 * client's menu shows. Feeds and lists leave blocked authors out in SQL (policy/relations.ts).
 */
import { Messages, PeopleMessages, POST_CATEGORIES } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

export const POST_CATEGORY_SET: ReadonlySet<string> = new Set(POST_CATEGORIES);

/** What the policy needs of a post. */
export interface PostResource {
  id: string;
  authorId: string;
  linkUrl: string | null;
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

export const postsPolicy = definePolicy({
  notFound: () => new AppError(Messages.post.gone, 404),
  actions: {
    'post.create': { self: true },
    'post.view': { owner: (p) => p.authorId, visitors: true },
    'post.like': { owner: (p) => p.authorId },
    'post.comment': { owner: (p) => p.authorId, acrossBlock: () => new AppError(PeopleMessages.cannotComment, 403) },
    'post.share': { owner: (p) => p.authorId },
    'post.edit': { owner: (p) => p.authorId, allow: ({ actor, resource }) => authorOnly(actor, resource) },
    'post.delete': { owner: (p) => p.authorId, allow: ({ actor, resource }) => authorOnly(actor, resource) },
    'feed.read': { self: true },
    'home.status': { self: true },
  },
});
