/**
 * One result of each kind, as search, tag pages and Explore list them: a person (with Follow), a tag
 * (uses or members, with Follow), a clip (a small card that opens it) and a message (chat, sender, the
 * matched words marked, time; it opens the chat at that message). Skeletons of each while loading.
 */
import { PersonIdentity } from '../../lib/PersonIdentity';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import type { MessageResult, PersonResult, SearchAnswer, TagResult } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useAuth } from '../../lib/auth';
import { useFollowPerson, useFollowPersonPending, useFollowTag } from './follows';
import { highlightRuns, snippet } from './highlight';
import { profilePath, tagPath } from './linkify';

type Clip = SearchAnswer['clips'][number];

/** Follow / Following, named with what it follows ("Follow #dashain"). */
function FollowButton(props: { following: boolean; name: string; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation('search');
  return (
    <Button
      size="small"
      variant={props.following ? 'outlined' : 'contained'}
      disabled={props.busy}
      onClick={props.onClick}
      aria-label={t(props.following ? 'follow.followingName' : 'follow.followName', { name: props.name })}
      sx={{ flexShrink: 0, minWidth: 96 }}
    >
      {props.following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}

export function PersonRow({ person }: { person: PersonResult }) {
  const me = useAuth().user?.username;
  const follow = useFollowPerson();
  const busy = useFollowPersonPending(person.username);
  const to = profilePath(person.username);
  return (
    <Box
      component="li"
      aria-label={person.name}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <PersonIdentity name={person.name} avatar={person.avatar} to={to}>
        {`@${person.username}`}
        {person.bio ? ` · ${person.bio}` : ''}
      </PersonIdentity>
      {person.username !== me && (
        <FollowButton
          following={person.following}
          name={person.name}
          busy={busy}
          onClick={() => follow({ id: person.username, follow: !person.following })}
        />
      )}
    </Box>
  );
}

/** A tag: its uses (or, trending, the members who used it lately), a link to its page, Follow. */
export function TagRow({ tag, members }: { tag: TagResult; members?: number }) {
  const { t } = useTranslation('search');
  const f = useFormat();
  const follow = useFollowTag();
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={tagPath(tag.name)} underline="hover" sx={{ fontWeight: 700 }} noWrap>
          {`#${tag.name}`}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {members !== undefined
            ? t('members', { count: members, number: f.number(members) })
            : t('uses', { count: tag.uses, number: f.number(tag.uses) })}
        </Typography>
      </Box>
      <FollowButton
        following={tag.followed}
        name={`#${tag.name}`}
        busy={follow.pendingFor(tag.name)}
        onClick={() => follow.toggle(tag)}
      />
    </Box>
  );
}

/** A clip as a small portrait card; the whole card opens it among the clips. */
export function ClipTile({ clip }: { clip: Clip }) {
  return (
    <Paper
      component={RouterLink}
      to={`/clips/${clip.id}`}
      variant="outlined"
      data-clip-id={clip.id}
      sx={{
        position: 'relative',
        display: 'block',
        aspectRatio: '9 / 16',
        overflow: 'hidden',
        borderRadius: 2,
        bgcolor: 'grey.900',
        color: '#fff',
        textDecoration: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {clip.thumb && (
        <Box
          component="img"
          src={clip.thumb}
          alt=""
          loading="lazy"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <PlayArrowRounded sx={{ position: 'absolute', top: 8, left: 8, opacity: 0.9 }} aria-hidden />
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          p: 1,
          background: 'linear-gradient(transparent, rgba(0,0,0,0.75))',
        }}
      >
        <Typography
          variant="body2"
          sx={{
            fontWeight: 700,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {clip.title}
        </Typography>
        <Typography variant="caption" noWrap component="p" sx={{ opacity: 0.9 }}>
          {clip.user.name}
        </Typography>
      </Box>
    </Paper>
  );
}

export function ClipGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** The search's words marked in a text (`<mark>`). */
function Marked({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlightRuns(text, q).map((run, i) =>
        run.match ? (
          <Box
            component="mark"
            key={i}
            sx={{
              bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(255, 213, 79, 0.35)' : '#fff3a0'),
              color: 'inherit',
              borderRadius: 0.5,
              px: 0.25,
            }}
          >
            {run.text}
          </Box>
        ) : (
          run.text
        ),
      )}
    </>
  );
}

/** The path that opens a chat at one message (ChatPage reads `m`). */
const messagePath = (hit: Pick<MessageResult, 'chatId' | 'id'>) =>
  `/message/${hit.chatId}?m=${encodeURIComponent(hit.id)}`;

/** A message found: chat name (unless `inChat`), sender, the snippet with the words marked, when. */
export function MessageHit({
  hit,
  q,
  inChat,
  onOpen,
}: {
  hit: MessageResult;
  q: string;
  inChat?: boolean;
  onOpen?: () => void;
}) {
  const { t } = useTranslation('search');
  const f = useFormat();
  const me = useAuth().user?.username;
  const when = new Date(hit.timestamp);
  const sender = hit.sender.username === me ? t('messages.you') : hit.sender.name;
  // Across chats, who said it when the chat's name does not tell: oneself, or someone in a group.
  const who =
    inChat || (hit.chatKind === 'direct' && hit.sender.username !== me)
      ? null
      : hit.sender.username === me
        ? sender
        : t('messages.from', { name: sender });
  const today = when.toDateString() === new Date().toDateString();
  const marks = [q, ...hit.matched].join(' ');
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component={RouterLink}
        to={messagePath(hit)}
        onClick={onOpen}
        data-message-hit={hit.id}
        sx={{
          display: 'flex',
          gap: 1.5,
          py: 1.25,
          px: 1,
          color: 'text.primary',
          textDecoration: 'none',
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        <Avatar src={hit.sender.avatar ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
          {hit.sender.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
              {inChat ? sender : hit.chatName}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="time"
              dateTime={hit.timestamp}
              sx={{ flexShrink: 0 }}
            >
              {today ? f.time(when) : f.date(when, 'medium')}
            </Typography>
          </Box>
          {who && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {who}
            </Typography>
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.25 }} data-testid="message-snippet">
            {/* The server names the words it matched (another script or spelling too); the typed words as well. */}
            <Marked text={snippet(hit.content, marks)} q={marks} />
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

export function RowSkeletons({ count = 4, label }: { count?: number; label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25 }}>
          <Skeleton variant="circular" width={44} height={44} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function PostSkeletons({ count = 2, label }: { count?: number; label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 3 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
            <Skeleton variant="circular" width={40} height={40} />
            <Skeleton width="40%" />
          </Box>
          <Skeleton />
          <Skeleton width="80%" />
        </Box>
      ))}
    </Box>
  );
}
