/** Profile and friends events on /real (part 2 §7), plus our block events: parse (by the dispatcher), call, answer. */
import { Events, PeopleMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { WithFailure } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { answer, uidOf, type IoSocket } from '../../realtime/types.js';
import * as people from './service.js';

export function peopleSocketModule(deps: AppDeps): SocketModule {
  const limited = (socket: IoSocket) => deps.limiters.consume('followPerUser', uidOf(socket));

  const blocking = <K extends typeof Events.blockUser | typeof Events.unblockUser>(
    run: typeof people.block,
    message: string,
  ): WithFailure<K> => ({
    handler: async ([{ username }], socket) => {
      await limited(socket);
      const member = await run(deps, uidOf(socket), username);
      return answer(socket, Events.blockResult, { success: true, message, username: member.username });
    },
    onFail: (socket, m) => socket.emit(Events.blockResult, { success: false, message: m }),
  });

  return {
    handlers: {
      [Events.fetchProfile]: async ([{ username }], socket) =>
        answer(socket, Events.userProfile, await people.getProfile(deps, uidOf(socket), username)),

      // The acknowledgement carries the page too, so a client can match it to its own request.
      [Events.fetchProfilePosts]: async ([input], socket) =>
        answer(socket, Events.profilePosts, { posts: await people.getProfilePosts(deps, uidOf(socket), input) }),

      [Events.fetchCounts]: async ([{ username }], socket) =>
        answer(socket, Events.counts, await people.getCounts(deps, uidOf(socket), username)),

      [Events.fetchSocials]: async ([{ username }], socket) =>
        answer(socket, Events.userSocials, await people.getSocials(deps, uidOf(socket), username)),

      [Events.searchFriends]: async ([text], socket) =>
        answer(socket, Events.searchFriendsResult, await people.searchPeople(deps, uidOf(socket), text)),

      [Events.getFriendSuggestions]: async (_args, socket) =>
        answer(socket, Events.friendSuggestions, await people.suggestions(deps, uidOf(socket))),

      [Events.getFollowers]: async ([who], socket) =>
        answer(socket, Events.followers, await people.followersOf(deps, uidOf(socket), who?.username)),

      [Events.getFollowing]: async ([who], socket) =>
        answer(socket, Events.following, await people.followingOf(deps, uidOf(socket), who?.username)),

      // aFR and uFR carry refusals too: the screen toasts "Error" for any message but the success one.
      [Events.follow]: {
        handler: async ([{ username }], socket) => {
          await limited(socket);
          return answer(socket, Events.followResult, { message: await people.follow(deps, uidOf(socket), username) });
        },
        onFail: (socket, message) => socket.emit(Events.followResult, { message }),
      },

      [Events.unfollow]: {
        handler: async ([{ username }], socket) => {
          await limited(socket);
          return answer(socket, Events.unfollowResult, {
            message: await people.unfollow(deps, uidOf(socket), username),
          });
        },
        onFail: (socket, message) => socket.emit(Events.unfollowResult, { message }),
      },

      [Events.blockUser]: blocking(people.block, PeopleMessages.blocked),
      [Events.unblockUser]: blocking(people.unblock, PeopleMessages.unblocked),

      [Events.getBlocked]: async (_args, socket) =>
        answer(socket, Events.blockedUsers, await people.blockedList(deps, uidOf(socket))),
    },
  };
}
