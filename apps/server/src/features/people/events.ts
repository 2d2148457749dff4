/** Profile and friends events on /real (part 2 §7), plus our block events: parse (by the dispatcher), call, answer. */
import { Events, PeopleMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { WithFailure } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { uidOf, type IoSocket } from '../../realtime/types.js';
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
      const result = { success: true, message, username: member.username };
      socket.emit(Events.blockResult, result);
      return result;
    },
    onFail: (socket, m) => socket.emit(Events.blockResult, { success: false, message: m }),
  });

  return {
    handlers: {
      [Events.fetchProfile]: async ([{ username }], socket) => {
        const profile = await people.getProfile(deps, uidOf(socket), username);
        socket.emit(Events.userProfile, profile);
        return profile;
      },

      [Events.fetchProfilePosts]: async ([input], socket) => {
        const posts = await people.getProfilePosts(deps, uidOf(socket), input);
        socket.emit(Events.profilePosts, { posts });
        // The acknowledgement carries the page too, so a client can match it to its own request.
        return { posts };
      },

      [Events.fetchCounts]: async ([{ username }], socket) => {
        const counts = await people.getCounts(deps, uidOf(socket), username);
        socket.emit(Events.counts, counts);
        return counts;
      },

      [Events.fetchSocials]: async ([{ username }], socket) => {
        const socials = await people.getSocials(deps, uidOf(socket), username);
        socket.emit(Events.userSocials, socials);
        return socials;
      },

      [Events.searchFriends]: async ([text], socket) => {
        const found = await people.searchPeople(deps, uidOf(socket), text);
        socket.emit(Events.searchFriendsResult, found);
        return found;
      },

      [Events.getFriendSuggestions]: async (_args, socket) => {
        const list = await people.suggestions(deps, uidOf(socket));
        socket.emit(Events.friendSuggestions, list);
        return list;
      },

      [Events.getFollowers]: async ([who], socket) => {
        const list = await people.followersOf(deps, uidOf(socket), who?.username);
        socket.emit(Events.followers, list);
        return list;
      },

      [Events.getFollowing]: async ([who], socket) => {
        const list = await people.followingOf(deps, uidOf(socket), who?.username);
        socket.emit(Events.following, list);
        return list;
      },

      // aFR and uFR carry refusals too: the screen toasts "Error" for any message but the success one.
      [Events.follow]: {
        handler: async ([{ username }], socket) => {
          await limited(socket);
          const message = await people.follow(deps, uidOf(socket), username);
          socket.emit(Events.followResult, { message });
          return { message };
        },
        onFail: (socket, message) => socket.emit(Events.followResult, { message }),
      },

      [Events.unfollow]: {
        handler: async ([{ username }], socket) => {
          await limited(socket);
          const message = await people.unfollow(deps, uidOf(socket), username);
          socket.emit(Events.unfollowResult, { message });
          return { message };
        },
        onFail: (socket, message) => socket.emit(Events.unfollowResult, { message }),
      },

      [Events.blockUser]: blocking(people.block, PeopleMessages.blocked),
      [Events.unblockUser]: blocking(people.unblock, PeopleMessages.unblocked),

      [Events.getBlocked]: async (_args, socket) => {
        const list = await people.blockedList(deps, uidOf(socket));
        socket.emit(Events.blockedUsers, list);
        return list;
      },
    },
  };
}
