/**
 * /p/{postId} and /post/{postId}: the public preview of a shared post. Signed-in viewers (as the server
 * reports) go on to /view/{postId}; visitors see the author, text and media, with comments blocked.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Messages } from '@sajha/contract';
import { LinkPreviewCard } from './LinkPreviewCard';
import { PostAuthor } from './PostCard';
import { PostContent } from './PostContent';
import { PostMedia } from './PostMedia';
import { fetchPublicPost, type PreviewAnswer } from './postsApi';

export default function PublicPostPage() {
  const { postId } = useParams();
  const [answer, setAnswer] = useState<PreviewAnswer | null>(postId ? null : { status: 'missing' });

  useEffect(() => {
    document.title = 'Post - Sajha';
    if (!postId) return;
    let cancelled = false;
    fetchPublicPost(postId).then(
      (a) => !cancelled && setAnswer(a),
      () => !cancelled && setAnswer({ status: 'missing' }),
    );
    return () => {
      cancelled = true;
    };
  }, [postId]);

  if (answer?.status === 'found' && answer.logged) return <Navigate to={`/view/${answer.post.post_id}`} replace />;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center' }}
      >
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          color="primary"
          sx={{ textDecoration: 'none', fontWeight: 800, flex: 1 }}
        >
          Sajha
        </Typography>
        <Button component={RouterLink} to="/signin" variant="contained" size="small">
          Sign in
        </Button>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', p: { xs: 1.5, sm: 3 } }}>
        {answer === null ? (
          <CircularProgress aria-label="Loading post" sx={{ mt: 8 }} />
        ) : answer.status === 'missing' ? (
          <Typography color="text.secondary" sx={{ mt: 8 }}>
            {Messages.post.notFound}
          </Typography>
        ) : (
          <Paper
            component="article"
            variant="outlined"
            aria-label={`Post by ${answer.post.author}`}
            sx={{
              width: '100%',
              maxWidth: 620,
              p: 2,
              borderRadius: 3,
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
              alignSelf: 'flex-start',
            }}
          >
            <PostAuthor post={answer.post} />
            <PostContent content={answer.post.content} hasMedia={answer.post.media.length > 0} />
            {answer.post.link && <LinkPreviewCard meta={answer.post.link} />}
            <PostMedia media={answer.post.mediaDetails} />
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, textAlign: 'center', color: 'text.secondary' }}>
              <LockOutlined sx={{ mb: 0.5 }} aria-hidden />
              <Typography>{Messages.post.signInForComments}</Typography>
              <Button
                component={RouterLink}
                to={`/signin?next=${encodeURIComponent(`/view/${answer.post.post_id}`)}`}
                sx={{ mt: 1 }}
              >
                Sign in
              </Button>
            </Box>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
