/**
 * /profile, /profile/{username}, /profile/@{username}, /u/... (part 2 §2): header with avatar, name,
 * @username, counts, Message, Follow/Unfollow, Block/Unblock (and ours: Mute/Unmute, Report in the menu);
 * social links; bio; the member's posts,
 * 10 a page with "Load More Posts" while a page comes back full. Without a username it is my profile.
 * Issue 37: my own profile has "Edit profile"; posts show as a list or a grid, and a Clips tab lists the
 * member's clips (counted beside the posts); a former username is replaced in the address by the new one.
 * A private account (issue 38) has a lock by its name; its Follow asks ("Requested" until approved, a
 * click takes it back), and until then its posts and lists give way to "This account is private".
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import { useTranslation } from 'react-i18next';
import { LAYOUT, type ProfileDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { useIsMuted, useMuteMember, useReportDialog } from '../moderation';
import { usePostActions } from '../posts';
import { useMemberReels } from '../reels';
import { BlockDialog } from './BlockDialog';
import { ProfileContent } from './ProfileContent';
import { peopleKeys, updateCachedProfile, useProfile, useProfilePosts } from './queries';
import { useBlock, useFollow, useFollowPending } from './relations';
import { socialIcon, socialUrl } from './socialLinks';

function HeaderSkeleton() {
  const { t } = useTranslation('people');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, borderRadius: 3 }}
      role="status"
      aria-busy="true"
      aria-label={t('profile.loading')}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Skeleton variant="circular" width={96} height={96} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="50%" height={32} />
          <Skeleton width="30%" />
          <Skeleton width="70%" />
        </Box>
      </Box>
    </Paper>
  );
}

/** `name` keys the count for tests (`count-followers`); `label` is what a member reads. */
function Count({ name, label, value, to }: { name: string; label: string; value: number; to?: string | undefined }) {
  const f = useFormat();
  const link = to ? { component: RouterLink, to } : { component: 'div' as const };
  return (
    <Link {...link} underline="none" color="inherit" sx={{ textAlign: 'center', minWidth: 64 }}>
      {/* The name is the visible text ("2 Followers"): the space keeps the two lines apart when read. */}
      <Typography
        component="span"
        sx={{ display: 'block', fontWeight: 700, fontSize: '1.15rem' }}
        data-testid={`count-${name}`}
      >
        {f.number(value)}
      </Typography>{' '}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
    </Link>
  );
}

/** `clips`: how many of the member's clips the viewer may see (absent until known, and on a locked profile). */
function Header({ profile, clips }: { profile: ProfileDto; clips?: number | undefined }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const follow = useFollow();
  const busy = useFollowPending(profile.username);
  const blockMember = useBlock();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const muted = useIsMuted(profile.username);
  const mute = useMuteMember();
  const report = useReportDialog();
  const { t } = useTranslation('people');
  const self = profile.self === true;
  const friendsOf = `/friends/${profile.username}`;
  const change = (fn: (p: ProfileDto) => ProfileDto) => updateCachedProfile(client, profile.username, fn);

  // Counts move at once; they move back if the server says otherwise (relations.ts). A request
  // waiting for a private member's approval is taken back by the same button.
  const requested = !profile.following && profile.requested === true;
  const toggleFollow = () => follow({ id: profile.username, follow: !profile.following && !requested });
  // A private account's lists are for its approved followers: the counts are not links then.
  const lists = !profile.locked;
  const unblock = async () => {
    if (await blockMember(profile.username, false)) change((p) => ({ ...p, blocked: false }));
  };

  const avatar = (
    <Avatar
      src={profile.avatar ?? undefined}
      alt={profile.name}
      sx={{ width: { xs: 80, sm: 104 }, height: { xs: 80, sm: 104 }, fontSize: 40 }}
    >
      {profile.avatar ? null : <PersonOutline fontSize="inherit" />}
    </Avatar>
  );

  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      {/* A phone puts the counts on a row of their own under the avatar and name; wider, beside the avatar. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gridTemplateAreas: { xs: '"avatar name" "counts counts"', sm: '"avatar name" "avatar counts"' },
          columnGap: { xs: 2, sm: 3 },
          rowGap: 1.5,
          alignItems: 'center',
        }}
      >
        <Box sx={{ gridArea: 'avatar', display: 'flex' }}>
          {self ? (
            <Tooltip title={t('profile.editAccount')}>
              <IconButton
                aria-label={t('profile.editAccount')}
                onClick={() => void navigate('/settings/account')}
                sx={{ p: 0 }}
              >
                {avatar}
              </IconButton>
            </Tooltip>
          ) : (
            avatar
          )}
        </Box>
        <Box sx={{ gridArea: 'name', minWidth: 0, alignSelf: { sm: 'end' } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {profile.name}
            {profile.private && (
              <Tooltip title={t('profile.privateAccount')}>
                <Box
                  component="span"
                  role="img"
                  tabIndex={0}
                  aria-label={t('profile.privateAccount')}
                  data-testid="private-account"
                  sx={{ display: 'inline-flex', ml: 0.75, verticalAlign: 'middle', color: 'text.secondary' }}
                >
                  <LockOutlined aria-hidden sx={{ fontSize: '1.1rem' }} />
                </Box>
              </Tooltip>
            )}
          </Typography>
          <Typography color="text.secondary">
            {profile.followsYou && !self ? `@${profile.username} · ${t('profile.followsYou')}` : `@${profile.username}`}
          </Typography>
        </Box>
        <Box
          sx={{
            gridArea: 'counts',
            alignSelf: { sm: 'start' },
            display: 'flex',
            gap: { xs: 1, sm: 3 },
            justifyContent: { xs: 'space-around', sm: 'flex-start' },
          }}
        >
          <Count
            name="followers"
            label={t('profile.followers')}
            value={profile.counts.followers}
            to={lists ? `${friendsOf}?tab=followers` : undefined}
          />
          <Count
            name="following"
            label={t('profile.following')}
            value={profile.counts.following}
            to={lists ? `${friendsOf}?tab=following` : undefined}
          />
          <Count name="posts" label={t('profile.posts')} value={profile.counts.posts} />
          {clips !== undefined && <Count name="clips" label={t('profile.clips')} value={clips} to="?tab=clips" />}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {self && (
          <Button variant="outlined" startIcon={<EditOutlined />} component={RouterLink} to="/settings/account">
            {t('profile.editProfile')}
          </Button>
        )}
        {!self && (
          <Button
            variant="outlined"
            startIcon={<ChatBubbleOutline />}
            component={RouterLink}
            to={`/message/@${profile.username}`}
          >
            {t('profile.message')}
          </Button>
        )}
        {!self && !profile.blocked && (
          <Button
            variant={profile.following || requested ? 'outlined' : 'contained'}
            disabled={busy}
            onClick={toggleFollow}
            aria-label={requested ? t('list.withdrawName', { name: profile.name }) : undefined}
          >
            {profile.following ? t('list.unfollow') : requested ? t('list.requested') : t('list.follow')}
          </Button>
        )}
        {!self && profile.blocked && (
          <Button color="error" variant="outlined" onClick={() => void unblock()}>
            {t('profile.unblock')}
          </Button>
        )}
        {!self && (
          <>
            <IconButton aria-label={t('profile.menu')} onClick={(e) => setMenu(e.currentTarget)}>
              <MoreVert />
            </IconButton>
            <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
              {profile.blocked ? (
                <MenuItem
                  onClick={() => {
                    setMenu(null);
                    void unblock();
                  }}
                >
                  {t('profile.unblock')}
                </MenuItem>
              ) : (
                <MenuItem
                  onClick={() => {
                    setMenu(null);
                    setConfirmBlock(true);
                  }}
                >
                  {t('profile.blockUser')}
                </MenuItem>
              )}
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  void mute(profile.username, !muted);
                }}
              >
                {muted
                  ? t('profile.unmute', { username: profile.username })
                  : t('profile.mute', { username: profile.username })}
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  report.open({
                    kind: 'member',
                    id: profile.uid,
                    title: t('profile.report', { username: profile.username }),
                  });
                }}
              >
                {t('profile.report', { username: profile.username })}
              </MenuItem>
            </Menu>
            {report.dialog}
            <BlockDialog
              username={profile.username}
              open={confirmBlock}
              onClose={() => setConfirmBlock(false)}
              onBlocked={() =>
                change((p) => ({
                  ...p,
                  blocked: true,
                  following: false,
                  followsYou: false,
                  counts: {
                    ...p.counts,
                    followers: Math.max(0, p.counts.followers - (p.following ? 1 : 0)),
                    following: Math.max(0, p.counts.following - (p.followsYou ? 1 : 0)),
                  },
                }))
              }
            />
          </>
        )}
      </Box>
      {profile.socials.length > 0 && (
        <Box
          component="ul"
          aria-label={t('profile.socialLinks')}
          sx={{ display: 'flex', gap: 0.5, p: 0, m: 0, mt: 2, listStyle: 'none' }}
        >
          {profile.socials.map((s) => {
            const href = socialUrl(s);
            return href ? (
              <li key={`${s.social_name}:${s.value}`}>
                <IconButton
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.social_name}
                >
                  {socialIcon(s.social_name)}
                </IconButton>
              </li>
            ) : null;
          })}
        </Box>
      )}
      {profile.bio && (
        <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{profile.bio}</Typography>
      )}
    </Paper>
  );
}

export default function ProfilePage() {
  const { username: param } = useParams();
  const username = param?.replace(/^@/, '') || undefined;
  const who = username ?? '';
  const profileQuery = useProfile(who);
  const profile = profileQuery.data ?? null;
  const missing = profileQuery.isError;
  // A private account the viewer does not follow: no posts to ask for (the server refuses them).
  const locked = profile?.locked === true;
  const postsQuery = useProfilePosts(who, profile !== null && !locked);
  const posts = {
    posts: postsQuery.data?.pages.flatMap((page) => page.posts) ?? [],
    loading: postsQuery.isPending || postsQuery.isFetchingNextPage,
    full: postsQuery.hasNextPage,
    more: () => void postsQuery.fetchNextPage(),
  };
  const clipsQuery = useMemberReels(profile && !locked ? profile.uid : undefined);
  const clips = {
    items: clipsQuery.data?.pages.flatMap((page) => page.reels) ?? [],
    loading: clipsQuery.isPending || clipsQuery.isFetchingNextPage,
    full: clipsQuery.hasNextPage,
    more: () => void clipsQuery.fetchNextPage(),
  };
  const clipCount = clipsQuery.data?.pages[0]?.total;
  const actions = usePostActions();
  const { t } = useTranslation('people');
  const m = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  // The name the member goes by now: a former username (kept for 30 days) leads here too.
  const current = profile?.username;

  // The catalogue: a profile socket error is only logged, and loading stops.
  useEffect(() => {
    if (profileQuery.error) console.warn('profile', profileQuery.error.message);
  }, [profileQuery.error]);
  useEffect(() => {
    const shown = current ?? username;
    document.title = shown && username ? t('profile.documentTitleOf', { username: shown }) : t('profile.documentTitle');
  }, [current, username, t]);
  // Reached by a former username: the address names the member as they are called now (replaced, so Back
  // does not return to the old name). The profile is already known under the new name: no second load.
  useEffect(() => {
    if (!profile || !username || profile.username.toLowerCase() === username.toLowerCase()) return;
    client.setQueryData(peopleKeys.profile(profile.username), profile);
    const path = location.pathname.replace(
      /[^/]+\/?$/,
      (last) => `${last.startsWith('@') ? '@' : ''}${encodeURIComponent(profile.username)}`,
    );
    void navigate({ pathname: path, search: location.search, hash: location.hash }, { replace: true });
  }, [profile, username, client, navigate, location.pathname, location.search, location.hash]);

  return (
    <Box
      sx={{
        maxWidth: LAYOUT.feedMaxWidth + 40,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 1.5, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
      }}
    >
      {missing ? (
        <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
          <Typography variant="h6" component="h1">
            {m.PeopleMessages.notFound}
          </Typography>
          <Typography color="text.secondary">{t('profile.unavailable')}</Typography>
          <Button component={RouterLink} to="/friends" sx={{ mt: 2 }}>
            {t('profile.findFriends')}
          </Button>
        </Paper>
      ) : profile ? (
        <Header profile={profile} clips={locked ? undefined : clipCount} />
      ) : (
        <HeaderSkeleton />
      )}
      {!missing && locked && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="private-account-notice"
          sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center', color: 'text.secondary' }}
        >
          <LockOutlined aria-hidden sx={{ fontSize: 40, mb: 1 }} />
          <Typography id="private-account-notice" color="text.primary" sx={{ fontWeight: 600 }}>
            {m.PrivacyText.privateAccount}
          </Typography>
        </Paper>
      )}
      {!missing && !locked && (
        <ProfileContent
          posts={{ items: posts.posts, loading: posts.loading, full: posts.full, more: posts.more }}
          clips={clips}
          actions={actions}
        />
      )}
    </Box>
  );
}
