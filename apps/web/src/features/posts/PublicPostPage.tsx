/**
 * /p/{postId} and /post/{postId}: the public preview of a shared post. Signed-in viewers (as the server
 * reports) go on to /view/{postId}, also when the post is missing or not for them (the post screen says
 * so in the app: issue 38); visitors see media on the left (above on phones), then author,
 * text, like and share, with comments blocked. Like asks a visitor to sign in; share works for anyone.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { SharedPostPreview } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { SensitiveMedia } from '../moderation';
import { LinkPreviewCard } from './LinkPreviewCard';
import { AuthorLine } from './AuthorLine';
import { PostContent } from './PostContent';
import { PostMedia } from './PostMedia';
import { fetchPublicPost, servedPublicPost, type PreviewAnswer } from './postsApi';
import { postKeys } from './queries';

// Opened by a click only: its QR code and network buttons stay off the page's first load.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));

export default function PublicPostPage() {
  const { postId } = useParams();
  const { t } = useTranslation(['posts', 'common']);
  const m = useMessages();
  // The visitor's page came with the post (and painted it before the app ran): shown at once, not asked again.
  const [served] = useState(() => (postId ? servedPublicPost(postId) : undefined));
  const fromPage = served?.status === 'found' && served.post.post_id === postId ? served : undefined;
  const query = useQuery({
    queryKey: postKeys.preview(postId ?? ''),
    queryFn: postId ? () => fetchPublicPost(postId) : skipToken,
    initialData: fromPage,
    staleTime: fromPage ? 60_000 : 0,
  });
  const answer: PreviewAnswer | null =
    !postId || query.isError ? { status: 'missing', logged: false } : (query.data ?? null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  if (answer?.status === 'found' && answer.logged) return <Navigate to={`/view/${answer.post.post_id}`} replace />;
  if (answer?.status === 'missing' && answer.logged && postId) return <Navigate to={`/view/${postId}`} replace />;

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
          {t('common:appName')}
        </Typography>
        <Button component={RouterLink} to="/signin" variant="contained" size="small">
          {m.UxMessages.signIn}
        </Button>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', p: { xs: 1.5, sm: 3 } }}>
        {answer === null ? (
          <CircularProgress aria-label={t('view.loading')} sx={{ mt: 8 }} />
        ) : answer.status === 'missing' ? (
          <Typography color="text.secondary" sx={{ mt: 8 }}>
            {m.Messages.post.notFound}
          </Typography>
        ) : (
          <PublicPost post={answer.post} />
        )}
      </Box>
    </Box>
  );
}

function PublicPost({ post }: { post: SharedPostPreview }) {
  const [askSignIn, setAskSignIn] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { t } = useTranslation(['posts', 'common']);
  const m = useMessages();
  const f = useFormat();
  const shares = f.number(post.shares ?? 0);
  const likes = f.number(post.likes ?? 0);
  const signIn = `/signin?next=${encodeURIComponent(`/view/${post.post_id}`)}`;
  const hasMedia = post.mediaDetails.length > 0;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={t('card.postBy', { name: post.author })}
      sx={{
        width: '100%',
        maxWidth: hasMedia ? 1100 : 620,
        borderRadius: 3,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignSelf: 'flex-start',
      }}
    >
      {hasMedia && (
        <Box
          data-testid="post-media"
          sx={{ flex: { md: '1 1 58%' }, bgcolor: 'action.hover', p: { md: 1 }, minWidth: 0 }}
        >
          <SensitiveMedia sensitive={post.sensitive}>
            <PostMedia media={post.mediaDetails} maxHeight={720} priority />
          </SensitiveMedia>
        </Box>
      )}
      <Box sx={{ flex: { md: '1 1 42%' }, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
        <AuthorLine post={post} />
        <PostContent content={post.content} hasMedia={false} />
        {post.link && <LinkPreviewCard meta={post.link} />}
        <Box sx={{ display: 'flex', gap: 0.5, borderTop: 1, borderColor: 'divider', pt: 0.5 }}>
          <Button
            color="inherit"
            startIcon={<FavoriteBorder />}
            onClick={() => setAskSignIn(true)}
            aria-label={t('card.like', { likes })}
            sx={{ flex: 1 }}
          >
            {likes}
          </Button>
          <Button
            color="inherit"
            startIcon={<ShareOutlined />}
            onClick={() => setSharing(true)}
            aria-label={t('card.share', { shares })}
            sx={{ flex: 1 }}
          >
            {shares}
          </Button>
        </Box>
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, textAlign: 'center', color: 'text.secondary' }}>
          <LockOutlined sx={{ mb: 0.5 }} aria-hidden />
          <Typography>{m.Messages.post.signInForComments}</Typography>
          <Button component={RouterLink} to={signIn} sx={{ mt: 1 }}>
            {m.UxMessages.signIn}
          </Button>
        </Box>
      </Box>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog open postId={post.post_id} text={post.content} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      <Dialog open={askSignIn} onClose={() => setAskSignIn(false)} aria-labelledby="like-signin-title">
        <DialogTitle id="like-signin-title">{m.UxMessages.signInToLike}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">{t('public.membersCan')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskSignIn(false)}>{t('common:cancel')}</Button>
          <Button component={RouterLink} to={signIn} variant="contained">
            {m.UxMessages.signIn}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
