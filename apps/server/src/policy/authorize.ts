/**
 * The one access policy: `authorize(actor, action, resource)`. Each area declares its actions (and the
 * resource each acts on) by declaration merging, and an ability table that says who may do each one.
 * Blocks are decided here, once: an action on a resource that has an owner is refused when there is a
 * block either way between the actor and that owner, with the area's "not found" answer unless the area
 * names another, so a block cannot be probed. Both transport wrappers (http/route.ts and the socket
 * dispatcher) call this between loading the resource and running the service.
 *
 *   declare module '../../policy/authorize.js' {
 *     interface Actions { 'post.like': PostResource; 'post.create': undefined }
 *   }
 *   export const postsPolicy = definePolicy({
 *     notFound: () => new AppError(Messages.post.gone, 404),
 *     actions: { 'post.like': { owner: (p) => p.authorId }, 'post.create': { self: true } },
 *   });
 */
import { Messages } from '@sajha/contract';
import { AppError } from '../platform/errors.js';
import { NO_RELATION, type Relation, type Relations } from './relations.js';

/** Who acts: a signed-in member (null: a visitor without a session). */
export interface Actor {
  id: string;
  /** Staff (moderators, admins) may do what members may not. */
  role: 'member' | 'moderator' | 'admin';
}

/** A member's role: as stored, and ADMIN_EMAILS are admins whatever is stored (the first admins). */
export function roleOf(email: string, stored: Actor['role'], adminEmails: readonly string[]): Actor['role'] {
  return adminEmails.includes(email.trim().toLowerCase()) ? 'admin' : stored;
}

export const isStaff = (actor: Actor | null): boolean => actor?.role === 'moderator' || actor?.role === 'admin';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Actions {}
export type ActionName = Extract<keyof Actions, string>;
export type ResourceOf<A extends ActionName> = Actions[A];
/** Actions that act on a loaded resource (the rest act on the member's own account or lists). */
export type ResourceAction = { [A in ActionName]: [Actions[A]] extends [undefined] ? never : A }[ActionName];

/** What a refusal is: an error the member may read (its status and message are answered as they are). */
export type Refusal = AppError | undefined;

/** An action on nothing but the actor's own account, or a list filtered in SQL (relations.ts). */
export interface SelfAbility {
  self: true;
  /** Visitors without a session may do it too. */
  visitors?: boolean;
  allow?: (ctx: { actor: Actor | null }) => Refusal | Promise<Refusal>;
}

/** An action on a loaded resource: an absent one answers as the area's notFound. */
export interface ResourceAbility<R> {
  self?: never;
  visitors?: boolean;
  /**
   * Whose resource this is (a member id), as the acting member sees it (in a direct chat, the other
   * member): a block either way with them refuses the action.
   */
  owner?: (resource: R, actor: Actor | null) => string | null | undefined;
  /**
   * Which blocks refuse: 'either' (default), or 'theirs' only, when the owner blocked the actor (a member
   * still sees the one they blocked, to unblock them); the actor's own block is then for `allow` to weigh.
   */
  blocks?: 'either' | 'theirs';
  /** What an absent resource answers, when not the area's notFound (staff screens refuse a member first). */
  missing?: (actor: Actor | null) => AppError;
  /** What an actor across a block hears; as for an absent resource when not given (a block cannot be probed). */
  acrossBlock?: () => AppError;
  /** Any further condition; `relation` is the actor's to the owner (empty for a visitor or no owner). */
  allow?: (ctx: { actor: Actor | null; resource: R; relation: Relation }) => Refusal | Promise<Refusal>;
}

export type Ability<R> = [R] extends [undefined] ? SelfAbility : ResourceAbility<NonNullable<R>>;

export interface AreaPolicy<A extends ActionName = ActionName> {
  /** The area's answer for a missing resource, and (unless an ability says otherwise) across a block. */
  notFound: () => AppError;
  actions: { [K in A]: Ability<ResourceOf<K>> };
}

/** An area's ability table (typed against the actions it declared). */
export function definePolicy<A extends ActionName>(policy: AreaPolicy<A>): AreaPolicy<A> {
  return policy;
}

export interface Policy {
  /** Resolves when `actor` may do `action` to `resource`; otherwise throws the refusal (an AppError). */
  authorize<A extends ActionName>(actor: Actor | null, action: A, resource: ResourceOf<A> | undefined): Promise<void>;
  /** Whether the action is declared (the wrappers refuse to register a handler naming an unknown one). */
  knows(action: string): boolean;
  readonly relations: Relations;
}

interface Entry {
  ability: SelfAbility | ResourceAbility<unknown>;
  notFound: () => AppError;
}

export function createPolicy(relations: Relations, areas: readonly AreaPolicy<never>[]): Policy {
  const table = new Map<string, Entry>();
  for (const area of areas) {
    for (const [action, ability] of Object.entries<Entry['ability']>(area.actions)) {
      if (table.has(action)) throw new Error(`two abilities for ${action}`);
      table.set(action, { ability, notFound: area.notFound });
    }
  }
  return {
    relations,
    knows: (action) => table.has(action),
    async authorize(actor, action, resource) {
      const entry = table.get(action);
      if (!entry) throw new Error(`no ability declared for ${action}`);
      const { ability, notFound } = entry;
      if (!actor && !ability.visitors) throw new AppError(Messages.server.unauthorized, 401);
      if (ability.self) {
        const refusal = await ability.allow?.({ actor });
        if (refusal) throw refusal;
        return;
      }
      const missing = () => (ability.missing ?? notFound)(actor);
      if (resource === undefined || resource === null) throw missing();
      const owner = ability.owner?.(resource, actor);
      let relation = NO_RELATION;
      if (actor && owner) relation = await relations.between(actor.id, owner);
      if (ability.blocks === 'theirs' ? relation.blockedBy : relation.blocked) throw (ability.acrossBlock ?? missing)();
      const refusal = await ability.allow?.({ actor, resource, relation });
      if (refusal) throw refusal;
    },
  };
}
