/** /view/{postId}: the signed-in post screen. Media on the left when present; author, text, actions and comments. */
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { skipToken, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
import { useConnectedSocket } from '../../lib/realtime';
import { MutedWordGate, SensitiveMedia } from '../moderation';
import { CommentsPanel } from './CommentsPanel';
import { LinkPreviewCard } from './LinkPreviewCard';
import { OwnerMenu, PostActions, PostAuthor, useRepliesClosed } from './PostCard';
import { PostContent } from './PostContent';
import { mediaOf, PostMedia } from './PostMedia';
import { fetchPost, postKeys } from './queries';
import { usePostActions } from './usePostActions';

export default function ViewPostPage() {
  const { postId } = useParams();
  const navigate = useNavigate();
  const socket = useConnectedSocket();
  const { t } = useTranslation('posts');
  const m = useMessages();
  const query = useQuery({
    queryKey: postKeys.one(postId ?? ''),
    queryFn: socket && postId ? () => fetchPost(socket, postId) : skipToken,
  });
  // Deleted while open (here or elsewhere): nothing left to show.
  const onDeleted = useCallback(
    (id: string) => {
      if (id === postId) void navigate('/home', { replace: true });
    },
    [postId, navigate],
  );
  const actions = usePostActions({ onDeleted });
  const post = query.data;
  const repliesClosed = useRepliesClosed(post ?? {});

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  // Missing, removed, or outside its audience (issue 38): the server answers all alike, and so do we.
  if (!postId || (query.isError && !post)) {
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" role="status">
        {m.PrivacyText.postUnavailable}
      </Typography>
    );
  }
  if (!post) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('view.loading')} />
      </Box>
    );
  }
  const media = mediaOf(post);
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper
        variant="outlined"
        component="article"
        aria-label={t('card.postBy', { name: post.author })}
        sx={{
          width: '100%',
          maxWidth: media.length > 0 ? 1100 : 680,
          borderRadius: 3,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        {media.length > 0 && (
          <Box sx={{ flex: { md: '1 1 58%' }, bgcolor: 'action.hover', p: { md: 1 }, minWidth: 0 }}>
            <SensitiveMedia sensitive={post.sensitive}>
              <PostMedia media={media} maxHeight={720} priority />
            </SensitiveMedia>
          </Box>
        )}
        <Box sx={{ flex: { md: '1 1 42%' }, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <PostAuthor post={post} />
            <OwnerMenu post={post} actions={actions} />
          </Box>
          <MutedWordGate texts={[post.content]} own={post.owner}>
            <PostContent content={post.content} hasMedia={false} />
            {post.link && <LinkPreviewCard meta={post.link} />}
          </MutedWordGate>
          <PostActions post={post} actions={actions} />
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {t('view.comments')}
          </Typography>
          <CommentsPanel
            postId={post.post_id}
            onAdded={(by) => actions.countComment(post.post_id, by)}
            closed={repliesClosed}
          />
        </Box>
      </Paper>
    </Box>
  );
}
