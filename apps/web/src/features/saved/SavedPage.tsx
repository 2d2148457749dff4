/**
 * Saved (issue 37): the member's private list of the posts and clips they bookmarked, newest first. Its
 * pages sit under the posts cache's root (keyed SAVED_LIST), so a like, an edit or an unsave made here or
 * anywhere shows in it as in every other list of posts; a clip opens on the Clips screen.
 */
import { useInfiniteQuery, skipToken } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import { useTranslation } from 'react-i18next';
import { Events, type PostDto, type ReelDto } from '@sajha/contract';
import { PageColumn } from '../../lib/PageColumn';
import { useConnectedSocket } from '../../lib/realtime';
import { ask } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { PostCard, SAVED_LIST, usePostActions } from '../posts';

/** One page: the saved posts (where the posts cache finds them), the clips, and the order of both. */
interface SavedPage {
  posts: PostDto[];
  reels: ReelDto[];
  order: { kind: 'post' | 'reel'; id: string }[];
  more: boolean;
}

async function fetchPage(socket: MainSocket, offset: number): Promise<SavedPage> {
  const { items, more } = await ask(socket, Events.getSaved, { offset });
  return {
    posts: items.flatMap((i) => (i.kind === 'post' ? [i.post] : [])),
    reels: items.flatMap((i) => (i.kind === 'reel' ? [i.reel] : [])),
    order: items.map((i) =>
      i.kind === 'post' ? { kind: 'post', id: i.post.post_id } : { kind: 'reel', id: i.reel.id },
    ),
    more,
  };
}

function ClipRow({ reel }: { reel: ReelDto }) {
  const { t } = useTranslation('saved');
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={t('clipBy', { name: reel.user.name })}
      sx={{ display: 'flex', gap: 1.5, p: 1.5, borderRadius: 3, alignItems: 'center' }}
    >
      <Box
        component="img"
        src={reel.thumb || undefined}
        alt=""
        sx={{ width: 72, height: 128, objectFit: 'cover', borderRadius: 2, bgcolor: 'action.hover', flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{reel.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {reel.user.name}
        </Typography>
        <Button component={RouterLink} to={`/clips/${reel.id}`} size="small" sx={{ mt: 1, px: 0 }}>
          {t('watch')}
        </Button>
      </Box>
    </Paper>
  );
}

export default function SavedPage() {
  const { t } = useTranslation('saved');
  const socket = useConnectedSocket();
  const actions = usePostActions();
  const saved = useInfiniteQuery({
    queryKey: SAVED_LIST,
    queryFn: socket ? ({ pageParam }) => fetchPage(socket, pageParam) : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.more ? all.reduce((n, p) => n + p.order.length, 0) : undefined),
  });
  const entries = (saved.data?.pages ?? []).flatMap((page) =>
    page.order.flatMap((o) => {
      if (o.kind === 'post') {
        // Unsaved or deleted meanwhile: the posts cache already took it out, or says so.
        const post = page.posts.find((p) => p.post_id === o.id);
        return post && post.saved !== false ? [<PostCard key={o.id} post={post} actions={actions} />] : [];
      }
      const reel = page.reels.find((r) => r.id === o.id);
      return reel ? [<ClipRow key={o.id} reel={reel} />] : [];
    }),
  );
  return (
    <PageColumn>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('private')}
      </Typography>
      {saved.isPending ? (
        <Box role="status" aria-label={t('loading')} aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : saved.isError ? (
        <Typography role="alert" color="error">
          {saved.error.message}
        </Typography>
      ) : entries.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <BookmarkBorder sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{t('empty')}</Typography>
          <Typography variant="body2">{t('emptyHint')}</Typography>
        </Box>
      ) : (
        <>
          {entries}
          {saved.hasNextPage && (
            <Button onClick={() => void saved.fetchNextPage()} disabled={saved.isFetchingNextPage}>
              {t('more')}
            </Button>
          )}
        </>
      )}
    </PageColumn>
  );
}
