/**
 * /friends/{username?} (part 2 §2): heading "Friends", tabs Friends, Followers, Following. My Friends tab
 * has "Find Friends" (debounced 500 ms, more than 2 characters), my friends (mutual follows) and
 * "Suggestions". With a username, the tabs show that member's lists. Loading shows 5 skeleton rows for
 * at least 1 s.
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import { Link as RouterLink } from 'react-router';
import { DURATIONS_MS, Events, LIMITS, PeopleMessages, type FriendRow } from '@sajha/contract';
import { useAuth } from '../../app/auth';
import { useRealtime } from '../../app/realtime';
import { FriendList, RowSkeletons } from './FriendList';
import { request } from './peopleApi';

const TABS = ['friends', 'followers', 'following'] as const;
type TabName = (typeof TABS)[number];

interface Lists {
  followers: FriendRow[];
  following: FriendRow[];
  suggestions: FriendRow[];
}

const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

function useLists(username: string | undefined, own: boolean) {
  const { socket, connected } = useRealtime();
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    if (!socket || !connected) return;
    setLists(null);
    setError(null);
    const who = own ? {} : { username };
    const [followers, following, suggestions] = await Promise.all([
      request<FriendRow[]>(socket, Events.getFollowers, who),
      request<FriendRow[]>(socket, Events.getFollowing, who),
      own
        ? request<FriendRow[]>(socket, Events.getFriendSuggestions)
        : Promise.resolve({ ok: true as const, data: [] }),
      sleep(DURATIONS_MS.friendsMinLoading),
    ]);
    if (!followers.ok || !following.ok) {
      setError(followers.ok ? (following.ok ? '' : following.error) : followers.error);
      return;
    }
    setLists({
      followers: followers.data,
      following: following.data,
      suggestions: suggestions.ok ? suggestions.data : [],
    });
  }, [socket, connected, username, own]);
  useEffect(() => {
    void load();
  }, [load]);
  return { lists, setLists, error };
}

function useSearch() {
  const { socket } = useRealtime();
  const [text, setText] = useState('');
  const [results, setResults] = useState<FriendRow[] | null>(null);
  useEffect(() => {
    const q = text.trim();
    if (q.length < LIMITS.searchMinChars) {
      setResults(null);
      return;
    }
    let stale = false;
    const timer = window.setTimeout(() => {
      void request<FriendRow[]>(socket, Events.searchFriends, q).then((a) => {
        if (!stale) setResults(a.ok ? a.data : []);
      });
    }, DURATIONS_MS.searchDebounce);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [text, socket]);
  return { text, setText, results };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export default function FriendsPage() {
  const { username: param } = useParams();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const username = param?.replace(/^@/, '');
  const own = !username || username.toLowerCase() === user?.username.toLowerCase();
  const tab: TabName = TABS.find((t) => t === params.get('tab')) ?? 'friends';
  const { lists, setLists, error } = useLists(username, own);
  const search = useSearch();

  useEffect(() => {
    document.title = own ? 'Friends' : `${username} - Friends`;
  }, [own, username]);

  // A follow or unfollow anywhere on the page moves the row between my lists at once.
  const changed = useCallback(
    (row: FriendRow) => {
      if (!own) return;
      setLists((l) => {
        if (!l) return l;
        const mark = (list: FriendRow[]) => list.map((r) => (r.id === row.id ? { ...r, following: row.following } : r));
        // An unfollowed row stays in Following (with Follow again) until the next load.
        const following = l.following.some((r) => r.id === row.id)
          ? mark(l.following)
          : row.following
            ? [row, ...l.following]
            : l.following;
        return { followers: mark(l.followers), following, suggestions: mark(l.suggestions) };
      });
    },
    [own, setLists],
  );

  // Friends are mutual follows: my followers I follow back, or (for another member) both of their lists.
  const followingIds = new Set(lists?.following.map((r) => r.id));
  const friends = lists ? lists.followers.filter((r) => (own ? r.following : followingIds.has(r.id))) : [];
  const me = user?.username;

  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        Friends
      </Typography>
      {!own && (
        <Typography color="text.secondary">
          Lists of{' '}
          <Link component={RouterLink} to={`/u/${username}`}>
            @{username}
          </Link>
        </Typography>
      )}
      <Paper variant="outlined" sx={{ mt: 2, borderRadius: 3, overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setParams(v === 'friends' ? {} : { tab: v }, { replace: true })}
          variant="fullWidth"
          aria-label="Friends lists"
        >
          <Tab value="friends" label="Friends" />
          <Tab value="followers" label="Followers" />
          <Tab value="following" label="Following" />
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          {error !== null ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {error || PeopleMessages.notFound}
            </Typography>
          ) : tab === 'friends' ? (
            <>
              {own && (
                <Section title="Find Friends">
                  <TextField
                    fullWidth
                    size="small"
                    value={search.text}
                    onChange={(e) => search.setText(e.target.value)}
                    placeholder={PeopleMessages.searchPlaceholder}
                    slotProps={{
                      htmlInput: { 'aria-label': 'Find Friends' },
                      input: {
                        startAdornment: (
                          <InputAdornment position="start">
                            <Search />
                          </InputAdornment>
                        ),
                      },
                    }}
                    sx={{ mt: 1 }}
                  />
                  {search.results && (
                    <FriendList
                      rows={search.results}
                      me={me}
                      label="Search results"
                      empty={PeopleMessages.noResults}
                      onChange={changed}
                    />
                  )}
                </Section>
              )}
              <Section title={own ? 'Your Friends' : 'Friends'}>
                {lists ? (
                  <FriendList
                    rows={friends}
                    me={me}
                    label="Friends"
                    empty={PeopleMessages.noFriends}
                    onChange={changed}
                  />
                ) : (
                  <RowSkeletons />
                )}
              </Section>
              {own && (
                <Section title="Suggestions">
                  {lists ? (
                    <FriendList
                      rows={lists.suggestions}
                      me={me}
                      label="Suggestions"
                      empty={PeopleMessages.noSuggestions}
                      onChange={changed}
                    />
                  ) : (
                    <RowSkeletons />
                  )}
                </Section>
              )}
            </>
          ) : (
            <Section title={tab === 'followers' ? 'Followers' : 'Following'}>
              {lists ? (
                <FriendList
                  rows={tab === 'followers' ? lists.followers : lists.following}
                  me={me}
                  label={tab === 'followers' ? 'Followers' : 'Following'}
                  empty={tab === 'followers' ? PeopleMessages.noFollowers : PeopleMessages.noFollowing}
                  onChange={changed}
                />
              ) : (
                <RowSkeletons />
              )}
            </Section>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
