/** /view/{postId}: the signed-in post screen. Media on the left when present; author, text, actions and comments. */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Events, Messages, type PostDto } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { CommentsPanel } from './CommentsPanel';
import { LinkPreviewCard } from './LinkPreviewCard';
import { OwnerMenu, PostActions, PostAuthor } from './PostCard';
import { PostContent } from './PostContent';
import { mediaOf, PostMedia } from './PostMedia';
import { usePostMutations } from './usePostMutations';
import { useSocketEvents } from '../../lib/useSocketEvents';

export default function ViewPostPage() {
  const { postId } = useParams();
  const navigate = useNavigate();
  const { socket, connected } = useRealtime();
  const [posts, setPosts] = useState<PostDto[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(postId ? 'loading' : 'missing');
  const update = useCallback((fn: (list: PostDto[]) => PostDto[]) => setPosts(fn), []);
  const actions = usePostMutations(update);
  const post = posts[0];

  useEffect(() => {
    document.title = 'Post - Sajha';
  }, []);

  useSocketEvents({
    [Events.fetchOnePost]: (p) => {
      if (p.post_id !== postId) return;
      setPosts([p]);
      setState('ready');
    },
    [Events.error]: (e) => {
      if (e.event === Events.fetchOnePost) setState('missing');
    },
  });
  useEffect(() => {
    if (!socket || !connected || !postId) return;
    socket.emit(Events.fetchOnePost, { post_id: postId });
  }, [socket, connected, postId]);

  // Deleted while open (here or elsewhere): nothing left to show.
  useEffect(() => {
    if (state === 'ready' && !post) void navigate('/home', { replace: true });
  }, [state, post, navigate]);

  if (state === 'missing') {
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {Messages.post.notFound}
      </Typography>
    );
  }
  if (!post) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading post" />
      </Box>
    );
  }
  const media = mediaOf(post);
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper
        variant="outlined"
        component="article"
        aria-label={`Post by ${post.author}`}
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
            <PostMedia media={media} maxHeight={720} />
          </Box>
        )}
        <Box sx={{ flex: { md: '1 1 42%' }, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <PostAuthor post={post} />
            <OwnerMenu post={post} actions={actions} />
          </Box>
          <PostContent content={post.content} hasMedia={false} />
          {post.link && <LinkPreviewCard meta={post.link} />}
          <PostActions post={post} actions={actions} />
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            Comments
          </Typography>
          <CommentsPanel postId={post.post_id} onAdded={() => actions.countComment(post.post_id, 1)} />
        </Box>
      </Paper>
    </Box>
  );
}
