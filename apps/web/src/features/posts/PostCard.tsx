/**
 * One post in a list: author (with who sees it, when not everyone: issue 38), owner menu (others get
 * "Report post" there), collapsible text, link preview, media (blurred while marked sensitive),
 * like/comment/share. Someone else's post with one of the member's muted words is collapsed until shown.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { useTranslation } from 'react-i18next';
import type { Audience, PostDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { MutedWordGate, SensitiveMedia, useReportDialog } from '../moderation';
import { AudienceIcon } from '../privacy';
import { CommentsDialog } from './CommentsDialog';
import { DeletePostDialog, EditPostDialog } from './EditPostDialogs';
import { AuthorLine } from './AuthorLine';
import { LinkPreviewCard } from './LinkPreviewCard';
import { PostContent } from './PostContent';
import { mediaOf, PostMedia } from './PostMedia';
import { ShareDialog } from './ShareDialog';
import { fetchPostHistory } from './queries';
import { EditedMark } from '../../lib/EditHistory';
import { useConnectedSocket } from '../../lib/realtime';
import type { PostCardActions } from './usePostActions';

/**
 * Why the viewer may not comment, when they may not (the author's reply setting): the line shown in
 * place of the comment box. The server refuses such a comment anyway.
 */
export function useRepliesClosed(post: Pick<PostDto, 'canReply' | 'replies'>): string | undefined {
  const { PrivacyText } = useMessages();
  if (post.canReply !== false) return undefined;
  return post.replies === 'nobody' ? PrivacyText.repliesClosed : PrivacyText.repliesFollowingOnly;
}

/** "edited" on a signed-in view (the history is asked over the socket; a visitor's page never has it). */
function PostEdited({ postId, editedAt }: { postId: string; editedAt: string }) {
  const socket = useConnectedSocket();
  return <EditedMark load={() => fetchPostHistory(socket, postId)} queryKey={['post', postId, editedAt]} />;
}

/** The author line of a signed-in view: with "edited" (opens the history) and who sees it, when not everyone. */
export function PostAuthor({
  post,
}: {
  post: Pick<PostDto, 'author' | 'username' | 'image' | 'timestamp'> & {
    audience?: Audience | undefined;
    /** A signed-in view of an edited post: "edited" opens its history. */
    post_id?: string;
    editedAt?: string | undefined;
  };
}) {
  const postId = post.post_id;
  return (
    <AuthorLine post={post}>
      {post.editedAt && postId && (
        <>
          {' · '}
          <PostEdited postId={postId} editedAt={post.editedAt} />
        </>
      )}
      {/* Who sees it, when not everyone (an older post without an audience is public). */}
      {post.audience && post.audience !== 'public' && (
        <>
          {' · '}
          <AudienceIcon audience={post.audience} />
        </>
      )}
    </AuthorLine>
  );
}

export function PostActions({
  post,
  actions,
  onComments,
}: {
  post: PostDto;
  actions: PostCardActions;
  onComments?: () => void;
}) {
  const [sharing, setSharing] = useState(false);
  const { t } = useTranslation('posts');
  const f = useFormat();
  const likes = f.number(post.likes);
  const comments = f.number(post.comments ?? 0);
  const shares = f.number(post.shares ?? 0);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, borderTop: 1, borderColor: 'divider', pt: 0.5 }}>
      <Button
        color={post.liked ? 'error' : 'inherit'}
        startIcon={post.liked ? <Favorite /> : <FavoriteBorder />}
        onClick={() => actions.toggleLike(post)}
        aria-pressed={post.liked}
        // Names contain the visible count (not in parentheses, which screen-reader naming checks drop).
        aria-label={post.liked ? t('card.unlike', { likes }) : t('card.like', { likes })}
        sx={{ flex: 1 }}
      >
        {likes}
      </Button>
      {onComments && (
        <Button
          color="inherit"
          startIcon={<ChatBubbleOutline />}
          onClick={onComments}
          aria-label={t('card.comments', { comments })}
          sx={{ flex: 1 }}
        >
          {comments}
        </Button>
      )}
      <Button
        color="inherit"
        startIcon={<ShareOutlined />}
        onClick={() => setSharing(true)}
        aria-label={t('card.share', { shares })}
        sx={{ flex: 1 }}
      >
        {shares}
      </Button>
      <IconButton
        color={post.saved ? 'primary' : 'default'}
        onClick={() => actions.toggleSaved(post)}
        aria-pressed={post.saved === true}
        aria-label={t('card.save')}
      >
        {post.saved ? <Bookmark /> : <BookmarkBorder />}
      </IconButton>
      <ShareDialog
        open={sharing}
        postId={post.post_id}
        text={post.content}
        onClose={() => setSharing(false)}
        onShared={() => actions.countShare(post.post_id)}
      />
    </Box>
  );
}

/** Someone else's post: a menu of its own (the spec's owner menu stays the owner's), with "Report post". */
function ReportPostMenu({ post }: { post: PostDto }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const report = useReportDialog();
  const { t } = useTranslation('posts');
  return (
    <>
      <IconButton aria-label={t('card.moreActions')} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreHoriz />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            report.open({ kind: 'post', id: post.post_id, title: t('card.reportPost') });
          }}
        >
          <ListItemIcon>
            <FlagOutlined fontSize="small" />
          </ListItemIcon>
          {t('card.reportPost')}
        </MenuItem>
      </Menu>
      {report.dialog}
    </>
  );
}

export function OwnerMenu({ post, actions }: { post: PostDto; actions: PostCardActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { t } = useTranslation(['posts', 'common']);
  if (!post.owner) return <ReportPostMenu post={post} />;
  return (
    <>
      <IconButton aria-label={t('card.options')} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreHoriz />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setEditing(true);
          }}
        >
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          {t('common:edit')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDeleting(true);
          }}
        >
          <ListItemIcon>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          {t('common:delete')}
        </MenuItem>
      </Menu>
      <EditPostDialog
        open={editing}
        initial={{
          content: post.content,
          audience: post.audience,
          replies: post.replies,
          sensitive: post.sensitive,
          hasMedia: mediaOf(post).length > 0,
        }}
        onClose={() => setEditing(false)}
        onSave={(edit) => {
          actions.editPost(post.post_id, edit);
          setEditing(false);
        }}
      />
      <DeletePostDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          actions.deletePost(post.post_id);
          setDeleting(false);
        }}
      />
    </>
  );
}

export function PostCard({ post, actions }: { post: PostDto; actions: PostCardActions }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const media = mediaOf(post);
  const { t } = useTranslation('posts');
  const repliesClosed = useRepliesClosed(post);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={t('card.postBy', { name: post.author })}
      data-post-id={post.post_id}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderRadius: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <PostAuthor post={post} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {post.category && (
            <Chip size="small" label={t(`category.${post.category}`, { defaultValue: post.category })} />
          )}
          <OwnerMenu post={post} actions={actions} />
        </Box>
      </Box>
      <MutedWordGate texts={[post.content]} own={post.owner}>
        <PostContent content={post.content} hasMedia={media.length > 0} />
        {post.link && <LinkPreviewCard meta={post.link} />}
        {media.length > 0 && (
          <SensitiveMedia sensitive={post.sensitive}>
            <PostMedia media={media} />
          </SensitiveMedia>
        )}
      </MutedWordGate>
      <PostActions post={post} actions={actions} onComments={() => setCommentsOpen(true)} />
      <CommentsDialog
        open={commentsOpen}
        postId={post.post_id}
        onClose={() => setCommentsOpen(false)}
        onAdded={(by) => actions.countComment(post.post_id, by)}
        closed={repliesClosed}
      />
    </Paper>
  );
}
