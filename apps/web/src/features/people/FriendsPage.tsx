/**
 * /friends/{username?} (part 2 §2): heading "Friends", tabs Friends, Followers, Following. My Friends tab
 * has "Find Friends" (debounced 500 ms, more than 2 characters), my friends (mutual follows) and
 * "Suggestions". With a username, the tabs show that member's lists. Loading shows 5 skeleton rows for
 * at least 1 s.
 */
import { useEffect, useState } from 'react';
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
import { DURATIONS_MS, LIMITS, PeopleMessages } from '@sajha/contract';
import { useAuth } from '../../lib/auth';
import { useDebounced } from '../../lib/useDebounced';
import { FriendList, RowSkeletons } from './FriendList';
import { useFriendLists, useMemberSearch } from './queries';

const TABS = ['friends', 'followers', 'following'] as const;
type TabName = (typeof TABS)[number];

/** Find Friends: asks 500 ms after the last key, for more than 2 characters; the last results stay meanwhile. */
function useSearch() {
  const [text, setText] = useState('');
  const settled = useDebounced(text, DURATIONS_MS.searchDebounce);
  const { data } = useMemberSearch(settled);
  const results = text.trim().length < LIMITS.searchMinChars ? null : (data ?? null);
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
  const listsQuery = useFriendLists(own ? '' : (username ?? ''));
  const lists = listsQuery.data ?? null;
  const error = listsQuery.error ? listsQuery.error.message : null;
  const search = useSearch();

  useEffect(() => {
    document.title = own ? 'Friends' : `${username} - Friends`;
  }, [own, username]);

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
                    <FriendList rows={search.results} me={me} label="Search results" empty={PeopleMessages.noResults} />
                  )}
                </Section>
              )}
              <Section title={own ? 'Your Friends' : 'Friends'}>
                {lists ? (
                  <FriendList rows={friends} me={me} label="Friends" empty={PeopleMessages.noFriends} />
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
