/**
 * Comments of one post: loads on mount with a spinner until they arrive; each comment can show or
 * hide its replies; a box adds a comment or a reply. New ones appear at once as 'You', 'Just now',
 * then the server's list (with real ids) replaces the local one; a refused one goes away again with
 * the refusal shown. Blank text is never sent. Comments and replies that others add while the panel
 * is open arrive live. The list is a query (keyed by the channel), so other screens see the same.
 * Someone else's comment or reply has a menu with "Report comment", and is collapsed while it has one of
 * the member's muted words; one moderators removed reads "Removed by moderators" and offers nothing.
 */
import { useEffect, useState } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import SendRounded from '@mui/icons-material/SendRounded';
import SpeakerNotesOffOutlined from '@mui/icons-material/SpeakerNotesOffOutlined';
import { useTranslation } from 'react-i18next';
import { Events, type CommentDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { useConnectedSocket } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { useToast } from '../../lib/toast';
import { useSocketEvents, type SocketHandlers } from '../../lib/useSocketEvents';
import { MutedWordGate, RemovedText, useReportDialog } from '../moderation';
import { RichText } from '../search';
import { addPostComment, addPostReply, fetchPostComments, postKeys } from './queries';
import { useTimeAgo } from './postsApi';

let localId = 0;

/** Which thing's comments: a post (default) or another area's item with the same comment shape (reels). */
export interface CommentsChannel {
  /** Where the thing's comments are cached. */
  key(id: string): QueryKey;
  fetch(socket: MainSocket, id: string): Promise<CommentDto[]>;
  add(socket: MainSocket, id: string, comment: string): Promise<CommentDto[]>;
  reply(socket: MainSocket, id: string, commentId: string, reply: string): Promise<CommentDto[]>;
  /** The events that push a new list while the panel is open (useSocketEvents subscribes them). */
  live(id: string, onList: (comments: CommentDto[]) => void): SocketHandlers;
  /** Called while the panel is open; returns what to do when it closes. */
  watch(socket: MainSocket, id: string): () => void;
}

export const postComments: CommentsChannel = {
  key: postKeys.comments,
  fetch: fetchPostComments,
  add: addPostComment,
  reply: addPostReply,
  live: (id, onList) => ({
    [Events.comments]: (p) => {
      if (p.post_id === id) onList(p.comments);
    },
  }),
  watch(socket, id) {
    // While open, others' new comments and replies arrive live (the post's viewers' room).
    socket.emit(Events.watchPost, id);
    return () => socket.emit(Events.unwatchPost, id);
  },
};

/** A comment or reply as its reader may act on it: someone else's (reportable), or removed by moderators. */
interface Said {
  id: string;
  username?: string | undefined;
  removed?: boolean | undefined;
}

/** Someone else's comment or reply, by the username the server gives (a local one of mine has none). */
const othersOf = (said: Said, me: string | undefined) =>
  Boolean(said.username && me && said.username.toLowerCase() !== me.toLowerCase());

function CommentMenu({ id, onReport }: { id: string; onReport: (id: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useTranslation('posts');
  return (
    <>
      <IconButton
        aria-label={t('comments.options')}
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ mt: 2, color: 'text.secondary' }}
      >
        <MoreHoriz fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onReport(id);
          }}
        >
          <ListItemIcon>
            <FlagOutlined fontSize="small" />
          </ListItemIcon>
          {t('comments.report')}
        </MenuItem>
      </Menu>
    </>
  );
}

function Bubble(props: {
  said: Said;
  me: string | undefined;
  author: string;
  image: string | null;
  text: string;
  date: string;
  small?: boolean;
  onReport: (id: string) => void;
}) {
  const timeAgo = useTimeAgo();
  const size = props.small ? 28 : 34;
  const others = othersOf(props.said, props.me);
  const removed = props.said.removed === true;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Avatar src={props.image ?? undefined} alt={props.author} sx={{ width: size, height: size }}>
        {props.author.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 0.75 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {props.author}
          </Typography>
          {removed ? (
            <RemovedText />
          ) : (
            <MutedWordGate texts={[props.text]} own={!others} dense>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <RichText text={props.text} />
              </Typography>
            </MutedWordGate>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
          {timeAgo(props.date)}
        </Typography>
      </Box>
      {others && !removed && <CommentMenu id={props.said.id} onReport={props.onReport} />}
    </Box>
  );
}

function CommentItem({
  comment,
  me,
  onReply,
  onReport,
  showReplies,
  onToggle,
}: {
  comment: CommentDto;
  me: string | undefined;
  /** Absent when the viewer may not reply (the author's reply setting). */
  onReply: ((c: CommentDto) => void) | undefined;
  onReport: (id: string) => void;
  showReplies: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('posts');
  const f = useFormat();
  const n = comment.replies.length;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid="comment">
      <Bubble
        said={comment}
        me={me}
        author={comment.author}
        image={comment.author_image}
        text={comment.comment}
        date={comment.date_commented}
        onReport={onReport}
      />
      <Box sx={{ ml: 5, display: 'flex', gap: 1 }}>
        {!comment.removed && onReply && (
          <Button size="small" onClick={() => onReply(comment)} disabled={comment.id.startsWith('local-')}>
            {t('comments.reply')}
          </Button>
        )}
        {n > 0 && (
          <Button size="small" onClick={onToggle} aria-expanded={showReplies}>
            {showReplies ? t('comments.hideReplies') : t('comments.showReplies', { n: f.number(n) })}
          </Button>
        )}
      </Box>
      {showReplies && (
        <Box component="ul" sx={{ ml: 5, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {comment.replies.map((r) => (
            <Box component="li" key={r.id} sx={{ listStyle: 'none' }}>
              <Bubble
                said={r}
                me={me}
                author={r.author}
                image={r.author_image}
                text={r.reply}
                date={r.date_commented}
                small
                onReport={onReport}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

type NewComment = { text: string; replyTo: CommentDto | null };

export function CommentsPanel({
  postId,
  onAdded,
  channel = postComments,
  closed,
}: {
  postId: string;
  /** `by` is 1 when a comment is added, -1 when the server refused it after all. */
  onAdded?: (by: number) => void;
  channel?: CommentsChannel;
  /** Why the viewer may not comment (issue 38: the author's reply setting): shown in place of the box. */
  closed?: string | undefined;
}) {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation(['posts', 'common']);
  const localize = useLocalize();
  const me = useAuth().user?.username;
  const report = useReportDialog();
  const onReport = (id: string) => report.open({ kind: 'comment', id, title: t('comments.report') });
  const key = channel.key(postId);
  const { data: comments = null } = useQuery({
    queryKey: key,
    queryFn: socket ? () => channel.fetch(socket, postId) : skipToken,
  });
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CommentDto | null>(null);
  // Threads whose replies are shown; a member's own new reply opens its thread, so they see it.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  useSocketEvents(channel.live(postId, (list) => client.setQueryData(key, list)));
  useEffect(() => {
    if (socket) return channel.watch(socket, postId);
  }, [socket, postId, channel]);

  const setList = (fn: (list: CommentDto[]) => CommentDto[]) =>
    client.setQueryData<CommentDto[]>(key, (list) => fn(list ?? []));
  const { mutate: send } = useMutation({
    mutationFn: ({ text, replyTo }: NewComment) => {
      if (!socket) throw new Error(t('errors.notConnected'));
      return replyTo ? channel.reply(socket, postId, replyTo.id, text) : channel.add(socket, postId, text);
    },
    onMutate: ({ text, replyTo }) => {
      const id = `local-${++localId}`;
      const now = new Date().toISOString();
      if (replyTo) {
        const reply = { id, author: t('comments.you'), author_image: null, reply: text, date_commented: now };
        setList((list) => list.map((c) => (c.id === replyTo.id ? { ...c, replies: [...c.replies, reply] } : c)));
        setOpen((set) => new Set(set).add(replyTo.id));
      } else {
        setList((list) => [
          ...list,
          { id, author: t('comments.you'), author_image: null, comment: text, date_commented: now, replies: [] },
        ]);
      }
      onAdded?.(1);
      return { id };
    },
    // The server's list, with real ids, replaces the local one.
    onSuccess: (list) => client.setQueryData(key, list),
    onError: (error, _variables, local) => {
      if (local) {
        setList((list) =>
          list
            .filter((c) => c.id !== local.id)
            .map((c) => ({ ...c, replies: c.replies.filter((r) => r.id !== local.id) })),
        );
        onAdded?.(-1);
      }
      toast.show({ message: localize(errorMessage(error, t('errors.generic'))), type: 'error' });
    },
  });

  const submit = () => {
    const value = text.trim();
    if (!value || !socket) return;
    send({ text: value, replyTo });
    setText('');
    setReplyTo(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0, flex: 1 }}>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 80 }}>
        {comments === null ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={t('comments.loading')} />
          </Box>
        ) : comments.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('comments.empty')}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('comments.list')}
            sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                me={me}
                onReply={closed ? undefined : setReplyTo}
                onReport={onReport}
                showReplies={open.has(c.id)}
                onToggle={() => toggle(c.id)}
              />
            ))}
          </Box>
        )}
      </Box>
      {closed && (
        <Typography
          variant="body2"
          color="text.secondary"
          role="note"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <SpeakerNotesOffOutlined fontSize="small" aria-hidden />
          {closed}
        </Typography>
      )}
      {replyTo && !closed && (
        <Typography variant="caption" color="text.secondary">
          {t('comments.replyingTo', { name: replyTo.author })}{' '}
          <Button size="small" onClick={() => setReplyTo(null)}>
            {t('common:cancel')}
          </Button>
        </Typography>
      )}
      {!closed && (
        <TextField
          size="small"
          fullWidth
          placeholder={replyTo ? t('comments.writeReply') : t('comments.writeComment')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          slotProps={{
            htmlInput: {
              'aria-label': replyTo ? t('comments.replyField') : t('comments.commentField'),
              maxLength: 1000,
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={t('comments.send')} onClick={submit} disabled={!text.trim()} edge="end">
                    <SendRounded />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {report.dialog}
    </Box>
  );
}
