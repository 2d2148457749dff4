/** Profile and friends events on /real (part 2 §7), plus our block events: each names its action and the member it is on. */
import { Events, PeopleMessages, localizeText } from '@sajha/contract';
import { on, type SocketContext } from '../../realtime/handler.js';
import { actorInfoOf, answer } from '../../realtime/types.js';
import * as people from './service.js';

/** The member an event names by username (none: the viewer themself). */
const byName = ([a]: [{ username?: string | undefined }], ctx: SocketContext) =>
  people.loadMember(ctx.deps, ctx.actor.id, a.username);
const byOptionalName = ([a]: [({ username?: string | undefined } | undefined)?], ctx: SocketContext) =>
  people.loadMember(ctx.deps, ctx.actor.id, a?.username);

const limited = (ctx: SocketContext<unknown>) => ctx.deps.limiters.consume('followPerUser', ctx.actor.id);

export const peopleSocket = [
  on(Events.fetchProfile, { action: 'member.view', load: byName }, async (_a, ctx) =>
    answer(ctx.socket, Events.userProfile, await people.getProfile(ctx.deps, ctx.actor.id, ctx.resource)),
  ),

  // The acknowledgement carries the page too, so a client can match it to its own request.
  on(Events.fetchProfilePosts, { action: 'member.content', load: byName }, async ([input], ctx) =>
    answer(ctx.socket, Events.profilePosts, {
      posts: await people.getProfilePosts(ctx.deps, ctx.actor.id, ctx.resource, input),
    }),
  ),

  on(Events.fetchCounts, { action: 'member.view', load: byName }, async (_a, ctx) =>
    answer(ctx.socket, Events.counts, await people.getCounts(ctx.deps, ctx.resource)),
  ),

  on(Events.fetchSocials, { action: 'member.view', load: byName }, async (_a, ctx) =>
    answer(ctx.socket, Events.userSocials, await people.getSocials(ctx.deps, ctx.actor.id, ctx.resource)),
  ),

  on(Events.searchFriends, { action: 'people.find' }, async ([text], { deps, socket, actor }) =>
    answer(socket, Events.searchFriendsResult, await people.searchPeople(deps, actor.id, text)),
  ),

  on(Events.getFriendSuggestions, { action: 'people.find' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.friendSuggestions, await people.suggestions(deps, actor.id)),
  ),

  on(Events.getFollowers, { action: 'member.content', load: byOptionalName }, async (_a, ctx) =>
    answer(ctx.socket, Events.followers, await people.followersOf(ctx.deps, ctx.actor.id, ctx.resource)),
  ),

  on(Events.getFollowing, { action: 'member.content', load: byOptionalName }, async (_a, ctx) =>
    answer(ctx.socket, Events.following, await people.followingOf(ctx.deps, ctx.actor.id, ctx.resource)),
  ),

  // aFR and uFR carry refusals too: the screen toasts "Error" for any message but the success one.
  on(
    Events.follow,
    {
      action: 'member.follow',
      load: byName,
      onFail: (socket, message) => socket.emit(Events.followResult, { message }),
    },
    async (_a, ctx) => {
      await limited(ctx);
      const message = await people.follow(ctx.deps, actorInfoOf(ctx.socket), ctx.resource);
      // English on purpose: the page tells a done follow from a refusal by these exact words (and shows
      // them in the member's language itself); refusals come through refuse(), in the member's language.
      return answer(ctx.socket, Events.followResult, { message });
    },
  ),

  on(
    Events.unfollow,
    {
      action: 'member.unfollow',
      load: byName,
      onFail: (socket, message) => socket.emit(Events.unfollowResult, { message }),
    },
    async (_a, ctx) => {
      await limited(ctx);
      const message = await people.unfollow(ctx.deps, ctx.actor.id, ctx.resource);
      return answer(ctx.socket, Events.unfollowResult, { message });
    },
  ),

  on(
    Events.blockUser,
    {
      action: 'member.block',
      load: byName,
      onFail: (socket, message) => socket.emit(Events.blockResult, { success: false, message }),
    },
    async (_a, ctx) => {
      await limited(ctx);
      const member = await people.block(ctx.deps, ctx.actor.id, ctx.resource);
      return answer(ctx.socket, Events.blockResult, {
        success: true,
        message: localizeText(ctx.socket.data.locale, PeopleMessages.blocked),
        username: member.username,
      });
    },
  ),

  on(
    Events.unblockUser,
    {
      action: 'member.unblock',
      load: byName,
      onFail: (socket, message) => socket.emit(Events.blockResult, { success: false, message }),
    },
    async (_a, ctx) => {
      await limited(ctx);
      const member = await people.unblock(ctx.deps, ctx.actor.id, ctx.resource);
      return answer(ctx.socket, Events.blockResult, {
        success: true,
        message: localizeText(ctx.socket.data.locale, PeopleMessages.unblocked),
        username: member.username,
      });
    },
  ),

  on(Events.getBlocked, { action: 'people.find' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.blockedUsers, await people.blockedList(deps, actor.id)),
  ),
];
