/**
 * The people area's server state: a member's profile and posts, the friends lists, the member search.
 * The server answers these events with answer(): the acknowledgement carries the same value as the
 * spec's receive event, and matches this request, so these calls read the ack (typed by the contract).
 */
import { keepPreviousData, skipToken, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { DURATIONS_MS, Events, LIMITS, type FriendRow, type PostDto, type ProfileDto } from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { ask } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { postKeys } from '../posts';

export const PROFILE_PAGE = LIMITS.profilePostsPageSize;

/** `who` is a username, or '' for the member signed in. */
export const peopleKeys = {
  profiles: ['people', 'profile'] as const,
  profile: (who: string) => ['people', 'profile', who] as const,
  posts: (who: string) => [...postKeys.all, 'profile', who] as const,
  lists: ['people', 'lists'] as const,
  listsOf: (who: string) => ['people', 'lists', who] as const,
  searches: ['people', 'search'] as const,
  search: (text: string) => ['people', 'search', text] as const,
};

export interface FriendLists {
  followers: FriendRow[];
  following: FriendRow[];
  suggestions: FriendRow[];
}
export type ProfilePostsPage = { posts: PostDto[] };
/** Where the next page of a profile's posts starts: right after the last post held. */
export type ProfilePostsParam = { offset: number; before?: { post_id: string; timestamp: string } };

const FIRST_POSTS: ProfilePostsParam = { offset: 0 };
const whoArg = (who: string) => (who ? { username: who } : {});
const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export const fetchProfile = async (socket: MainSocket, who: string): Promise<ProfileDto> =>
  ask(socket, Events.fetchProfile, whoArg(who));

export function useProfile(who: string) {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: peopleKeys.profile(who),
    queryFn: socket ? () => fetchProfile(socket, who) : skipToken,
  });
}

const fetchProfilePosts = (socket: MainSocket, who: string, param: ProfilePostsParam): Promise<ProfilePostsPage> =>
  ask(socket, Events.fetchProfilePosts, {
    ...whoArg(who),
    offset: param.offset,
    limit: PROFILE_PAGE,
    ...(param.before ? { before: param.before } : {}),
  });

/** 10 a page while a page comes back full; asked for once the profile itself has loaded. */
export function useProfilePosts(who: string, ready: boolean) {
  const socket = useConnectedSocket();
  return useInfiniteQuery({
    queryKey: peopleKeys.posts(who),
    queryFn: socket && ready ? ({ pageParam }) => fetchProfilePosts(socket, who, pageParam) : skipToken,
    initialPageParam: FIRST_POSTS,
    getNextPageParam: (last, all): ProfilePostsParam | undefined => {
      const lastPost = last.posts.at(-1);
      if (last.posts.length < PROFILE_PAGE || !lastPost) return undefined;
      const held = all.reduce((n, page) => n + page.posts.length, 0);
      return { offset: held, before: { post_id: lastPost.post_id, timestamp: lastPost.timestamp } };
    },
  });
}

const listOf = async (
  socket: MainSocket,
  event: typeof Events.getFollowers | typeof Events.getFollowing,
  who: string,
) => ask(socket, event, whoArg(who));
const suggestionsFor = async (socket: MainSocket) => ask(socket, Events.getFriendSuggestions, {});

/** Followers, following and (for me) suggestions; the skeletons show for at least friendsMinLoading. */
export function useFriendLists(who: string) {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: peopleKeys.listsOf(who),
    queryFn: socket
      ? async (): Promise<FriendLists> => {
          const [followers, following, suggestions] = await Promise.all([
            listOf(socket, Events.getFollowers, who),
            listOf(socket, Events.getFollowing, who),
            who ? [] : suggestionsFor(socket).catch(() => []),
            sleep(DURATIONS_MS.friendsMinLoading),
          ]);
          return { followers, following, suggestions };
        }
      : skipToken,
  });
}

/** Members found by name (sF), for text long enough to search. */
export function useMemberSearch(text: string) {
  const socket = useConnectedSocket();
  const q = text.trim();
  return useQuery({
    queryKey: peopleKeys.search(q),
    queryFn:
      socket && q.length >= LIMITS.searchMinChars
        ? async () => await ask(socket, Events.searchFriends, q).catch((): FriendRow[] => [])
        : skipToken,
    // The last results stay while the next search is on its way.
    placeholderData: keepPreviousData,
  });
}

/** Changes a cached profile (any key naming `username`, or mine). */
export function updateCachedProfile(client: QueryClient, username: string, fn: (p: ProfileDto) => ProfileDto): void {
  client.setQueriesData<ProfileDto>({ queryKey: peopleKeys.profiles }, (p) =>
    p && p.username.toLowerCase() === username.toLowerCase() ? fn(p) : p,
  );
}

/** Changes a member's row in every cached list and search result. */
export function updateCachedRows(client: QueryClient, username: string, fn: (row: FriendRow) => FriendRow): void {
  const same = (row: FriendRow) => row.username.toLowerCase() === username.toLowerCase();
  const map = (rows: FriendRow[]) => rows.map((row) => (same(row) ? fn(row) : row));
  client.setQueriesData<FriendLists>(
    { queryKey: peopleKeys.lists },
    (l) => l && { followers: map(l.followers), following: map(l.following), suggestions: map(l.suggestions) },
  );
  client.setQueriesData<FriendRow[]>({ queryKey: peopleKeys.searches }, (rows) => rows && map(rows));
}
