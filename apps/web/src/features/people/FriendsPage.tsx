/**
 * /friends/{username?} (part 2 §2): heading "Friends", tabs Friends, Followers, Following. My Friends tab
 * has "Find Friends" (debounced 500 ms, more than 2 characters), my friends (mutual follows) and
 * "Suggestions". With a username, the tabs show that member's lists. Loading shows 5 skeleton rows for
 * at least 1 s. Mine have a fourth tab, Requests (issue 38: who asked to follow my private account), at
 * /friends/requests (`/friends/@requests` still names a member called "requests").
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
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
import { Trans, useTranslation } from 'react-i18next';
import { DURATIONS_MS, LIMITS } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { useDebounced } from '../../lib/useDebounced';
import { FOLLOW_REQUESTS_PATH, FollowRequests, useFollowRequests, WaitingCount } from '../privacy';
import { FriendList, RowSkeletons } from './FriendList';
import { useFriendLists, useMemberSearch } from './queries';

const TABS = ['friends', 'followers', 'following', 'requests'] as const;
type TabName = (typeof TABS)[number];
/** The path segment of my Requests tab (a username is written with @ to be told apart). */
const REQUESTS = 'requests';

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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requestsPath = param === REQUESTS;
  const username = requestsPath ? undefined : param?.replace(/^@/, '');
  const own = !username || username.toLowerCase() === user?.username.toLowerCase();
  const asked: TabName = requestsPath ? 'requests' : (TABS.find((name) => name === params.get('tab')) ?? 'friends');
  const tab: TabName = asked === 'requests' && !own ? 'friends' : asked;
  // My Requests tab shows while my account is private, or while someone waits (or it is open).
  const requestsQuery = useFollowRequests(own && (user?.privateAccount === true || tab === 'requests'));
  const waiting = requestsQuery.data?.length ?? 0;
  const showRequests = own && (user?.privateAccount === true || tab === 'requests' || waiting > 0);
  const listsQuery = useFriendLists(own ? '' : (username ?? ''));
  const lists = listsQuery.data ?? null;
  const error = listsQuery.error ? listsQuery.error.message : null;
  const search = useSearch();
  const { t } = useTranslation('people');
  const m = useMessages();
  const localize = useLocalize();

  useEffect(() => {
    document.title = own ? t('friends.documentTitle') : t('friends.documentTitleOf', { username });
  }, [own, username, t]);

  // Friends are mutual follows: my followers I follow back, or (for another member) both of their lists.
  const followingIds = new Set(lists?.following.map((r) => r.id));
  const friends = lists ? lists.followers.filter((r) => (own ? r.following : followingIds.has(r.id))) : [];
  const me = user?.username;

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {t('friends.heading')}
      </Typography>
      {!own && (
        <Typography color="text.secondary">
          <Trans
            t={t}
            i18nKey="friends.listsOf"
            values={{ username }}
            components={{ profile: <Link component={RouterLink} to={`/u/${username}`} /> }}
          />
        </Typography>
      )}
      <Paper variant="outlined" sx={{ mt: 2, borderRadius: 3, overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => {
            // Requests has a path of its own (notices link there); leaving it goes back to /friends.
            if (v === 'requests') void navigate(FOLLOW_REQUESTS_PATH, { replace: true });
            else if (requestsPath) void navigate(v === 'friends' ? '/friends' : `/friends?tab=${v}`, { replace: true });
            else setParams(v === 'friends' ? {} : { tab: v }, { replace: true });
          }}
          variant="fullWidth"
          aria-label={t('friends.tabs')}
          // Four tabs fit a phone with less padding each.
          sx={showRequests ? { '& .MuiTab-root': { minWidth: 0, px: { xs: 0.5, sm: 2 } } } : undefined}
        >
          <Tab value="friends" label={t('friends.friends')} />
          <Tab value="followers" label={t('friends.followers')} />
          <Tab value="following" label={t('friends.following')} />
          {showRequests && (
            <Tab
              value="requests"
              label={
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {t('friends.requests')}
                  <WaitingCount count={waiting} />
                </Box>
              }
            />
          )}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          {tab === 'requests' ? (
            <Section title={t('friends.requests')}>
              <FollowRequests />
            </Section>
          ) : error !== null ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {error ? localize(error) : m.PeopleMessages.notFound}
            </Typography>
          ) : tab === 'friends' ? (
            <>
              {own && (
                <Section title={t('friends.find')}>
                  <TextField
                    fullWidth
                    size="small"
                    value={search.text}
                    onChange={(e) => search.setText(e.target.value)}
                    placeholder={m.PeopleMessages.searchPlaceholder}
                    slotProps={{
                      htmlInput: { 'aria-label': t('friends.find') },
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
                      label={t('friends.searchResults')}
                      empty={m.PeopleMessages.noResults}
                    />
                  )}
                </Section>
              )}
              <Section title={own ? t('friends.yours') : t('friends.friends')}>
                {lists ? (
                  <FriendList rows={friends} me={me} label={t('friends.friends')} empty={m.PeopleMessages.noFriends} />
                ) : (
                  <RowSkeletons />
                )}
              </Section>
              {own && (
                <Section title={t('friends.suggestions')}>
                  {lists ? (
                    <FriendList
                      rows={lists.suggestions}
                      me={me}
                      label={t('friends.suggestions')}
                      empty={m.PeopleMessages.noSuggestions}
                    />
                  ) : (
                    <RowSkeletons />
                  )}
                </Section>
              )}
            </>
          ) : (
            <Section title={tab === 'followers' ? t('friends.followers') : t('friends.following')}>
              {lists ? (
                <FriendList
                  rows={tab === 'followers' ? lists.followers : lists.following}
                  me={me}
                  label={tab === 'followers' ? t('friends.followers') : t('friends.following')}
                  empty={tab === 'followers' ? m.PeopleMessages.noFollowers : m.PeopleMessages.noFollowing}
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
