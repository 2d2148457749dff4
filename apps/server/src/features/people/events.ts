/** Profile and friends events on /real (part 2 §7), plus our block events: parse (by `on`), call, answer. */
import { Events, PeopleMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import * as people from './service.js';

export function peopleSocketModule(deps: AppDeps): SocketModule {
  const { log } = deps;
  return {
    register(socket) {
      const uid = socket.data.user.uid;
      const limited = () => deps.limiters.consume('followPerUser', uid);

      on(
        socket,
        Events.fetchProfile,
        async ([{ username }]) => {
          const profile = await people.getProfile(deps, uid, username);
          socket.emit(Events.userProfile, profile);
          return profile;
        },
        log,
      );

      on(
        socket,
        Events.fetchProfilePosts,
        async ([input]) => {
          const posts = await people.getProfilePosts(deps, uid, input);
          socket.emit(Events.profilePosts, { posts });
          // The acknowledgement carries the page too, so a client can match it to its own request.
          return { posts };
        },
        log,
      );

      on(
        socket,
        Events.fetchCounts,
        async ([{ username }]) => {
          const counts = await people.getCounts(deps, uid, username);
          socket.emit(Events.counts, counts);
          return counts;
        },
        log,
      );

      on(
        socket,
        Events.fetchSocials,
        async ([{ username }]) => {
          const socials = await people.getSocials(deps, uid, username);
          socket.emit(Events.userSocials, socials);
          return socials;
        },
        log,
      );

      on(
        socket,
        Events.searchFriends,
        async ([text]) => {
          const found = await people.searchPeople(deps, uid, text);
          socket.emit(Events.searchFriendsResult, found);
          return found;
        },
        log,
      );

      on(
        socket,
        Events.getFriendSuggestions,
        async () => {
          const list = await people.suggestions(deps, uid);
          socket.emit(Events.friendSuggestions, list);
          return list;
        },
        log,
      );

      on(
        socket,
        Events.getFollowers,
        async ([who]) => {
          const list = await people.followersOf(deps, uid, who?.username);
          socket.emit(Events.followers, list);
          return list;
        },
        log,
      );

      on(
        socket,
        Events.getFollowing,
        async ([who]) => {
          const list = await people.followingOf(deps, uid, who?.username);
          socket.emit(Events.following, list);
          return list;
        },
        log,
      );

      // aFR and uFR carry refusals too: the screen toasts "Error" for any message but the success one.
      on(
        socket,
        Events.follow,
        async ([{ username }]) => {
          await limited();
          const message = await people.follow(deps, uid, username);
          socket.emit(Events.followResult, { message });
          return { message };
        },
        log,
        { onFail: (message) => socket.emit(Events.followResult, { message }) },
      );

      on(
        socket,
        Events.unfollow,
        async ([{ username }]) => {
          await limited();
          const message = await people.unfollow(deps, uid, username);
          socket.emit(Events.unfollowResult, { message });
          return { message };
        },
        log,
        { onFail: (message) => socket.emit(Events.unfollowResult, { message }) },
      );

      for (const [event, run, message] of [
        [Events.blockUser, people.block, PeopleMessages.blocked],
        [Events.unblockUser, people.unblock, PeopleMessages.unblocked],
      ] as const) {
        on(
          socket,
          event,
          async ([{ username }]) => {
            await limited();
            const member = await run(deps, uid, username);
            const result = { success: true, message, username: member.username };
            socket.emit(Events.blockResult, result);
            return result;
          },
          log,
          { onFail: (m) => socket.emit(Events.blockResult, { success: false, message: m }) },
        );
      }

      on(
        socket,
        Events.getBlocked,
        async () => {
          const list = await people.blockedList(deps, uid);
          socket.emit(Events.blockedUsers, list);
          return list;
        },
        log,
      );
    },
  };
}
