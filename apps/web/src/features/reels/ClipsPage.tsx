/**
 * Reels (/clips/{id?}): a full-height vertical snap-scroll list, one reel per screen. The card at least
 * 50% visible plays and the others pause (IntersectionObserver); the end of a video scrolls to the next;
 * one mute for all, kept for the session; the next reel preloads; Up/Down move and Space plays or pauses;
 * the next page of 5 is asked for before the last reel. /clips/{id} starts at that reel.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import { useTranslation } from 'react-i18next';
import { Events, type ReelDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { localize as localizeNow, messages } from '../../i18n/prefs';
import { useConnectedSocket } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { SCREEN_FILL_HEIGHT } from '../../lib/layout';
import { CommentsDialog, ShareDialog } from '../posts';
import { ReelCard } from './ReelCard';
import {
  dedupeReels,
  prependReels,
  reelComments,
  removeCachedReel,
  sendReelDelete,
  updateCachedReel,
  useReel,
  useReelPages,
} from './queries';
import { readMuted, saveMuted } from './reelsApi';
import { UploadReelDialog } from './UploadReelDialog';
import { useLikeReel, useSaveReel } from './useLikeReel';

const VIEW_HEIGHT = SCREEN_FILL_HEIGHT;
export default function ClipsPage() {
  const { id: startId } = useParams();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation(['reels', 'common']);
  const m = useMessages();
  const f = useFormat();
  const localize = useLocalize();
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(readMuted);
  const [toggleSignal, setToggleSignal] = useState(0);
  const [fresh, setFresh] = useState<ReelDto[]>([]);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [commentsFor, setCommentsFor] = useState<ReelDto | null>(null);
  const [shareFor, setShareFor] = useState<ReelDto | null>(null);
  const [deleteFor, setDeleteFor] = useState<ReelDto | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  // The reel named in the URL comes first of all: the list is asked for once it is known (or refused).
  const start = useReel(startId);
  const startSettled = !startId || start.isFetched;
  const pages = useReelPages(startSettled);
  const { error: startError } = start;
  // Shown once per error (not again when the language changes), in the language of that moment.
  useEffect(() => {
    if (startError)
      toast.show({
        message: localizeNow(errorMessage(startError, messages().ReelMessages.notFound)),
        type: 'error',
      });
  }, [startError, toast]);
  const startReel = startId ? start.data : undefined;
  const listed = pages.data;
  // One array per change (the 50% observer below is set up again whenever it changes).
  const reels = useMemo(
    () => dedupeReels([...(startReel ? [startReel] : []), ...(listed?.pages.flatMap((p) => p.reels) ?? [])]),
    [startReel, listed],
  );
  const loading = pages.isPending;
  const hasMore = pages.hasNextPage || loading;

  // A new reel (or this route's start) begins at the top.
  useEffect(() => setActive(0), [startId]);

  // Live: new reels wait behind a chip (the list does not jump), counts move, deletes vanish.
  useSocketEvents({
    [Events.newReel]: ({ reel }) => {
      if (reels.some((r) => r.id === reel.id)) return;
      if (reels.length === 0) prependReels(client, [reel]);
      else setFresh((f) => dedupeReels([reel, ...f]));
    },
    [Events.reelStats]: ({ id, stats }) => updateCachedReel(client, id, (r) => ({ ...r, stats })),
    [Events.reelDeleted]: ({ id }) => {
      removeCachedReel(client, id);
      setFresh((f) => f.filter((r) => r.id !== id));
    },
  });

  // The 50% rule: whichever card is at least half visible is the active one.
  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting && e.intersectionRatio >= 0.5) {
            setActive(Number((e.target as HTMLElement).dataset.index));
          }
        }
      },
      { root, threshold: [0.5] },
    );
    root.querySelectorAll('[data-testid="reel-card"]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [reels]);

  // Ask for the next page of 5 before reaching the last reel.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || loading) return;
    if (active >= reels.length - 2) void fetchNextPage();
  }, [active, reels.length, hasNextPage, isFetchingNextPage, loading, fetchNextPage]);

  const scrollTo = useCallback((index: number) => {
    const el = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  const onEnded = useCallback((index: number) => scrollTo(index + 1), [scrollTo]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (uploadOpen || commentsFor || shareFor || deleteFor) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName)))
        return;
      if (e.key === 'ArrowDown' || e.key === 'PageDown') {
        e.preventDefault();
        scrollTo(Math.min(active + 1, reels.length - 1));
      } else if (e.key === 'ArrowUp' || e.key === 'PageUp') {
        e.preventDefault();
        scrollTo(Math.max(active - 1, 0));
      } else if (e.key === ' ') {
        e.preventDefault();
        setToggleSignal((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, reels.length, scrollTo, uploadOpen, commentsFor, shareFor, deleteFor]);

  const onMuteChange = useCallback((on: boolean) => {
    setMuted(on);
    saveMuted(on);
  }, []);

  const onLike = useLikeReel();
  const onSave = useSaveReel();
  const onComments = useCallback((reel: ReelDto) => setCommentsFor(reel), []);
  const onShare = useCallback((reel: ReelDto) => setShareFor(reel), []);
  const onDelete = useCallback((reel: ReelDto) => setDeleteFor(reel), []);

  const { mutate: deleteReel } = useMutation({
    mutationFn: (reel: ReelDto) => {
      if (!socket) throw new Error(t('errors.notConnected'));
      return sendReelDelete(socket, reel.id);
    },
    onSuccess: (_done, reel) => {
      removeCachedReel(client, reel.id);
      toast.show({ message: m.ReelMessages.deleted, type: 'success' });
    },
    onError: (error) => toast.show({ message: localize(errorMessage(error, m.ReelMessages.notFound)), type: 'error' }),
  });
  const confirmDelete = () => {
    const reel = deleteFor;
    setDeleteFor(null);
    if (socket && reel) deleteReel(reel);
  };

  const showFresh = () => {
    prependReels(client, fresh);
    setFresh([]);
    scroller.current?.scrollTo({ top: 0 });
  };

  const onReady = useCallback(
    (reel: ReelDto) => {
      toast.show({ message: m.ReelMessages.ready, type: 'success' });
      setUploadOpen(false);
      setFresh((f) => f.filter((r) => r.id !== reel.id));
      prependReels(client, [reel]);
      scroller.current?.scrollTo({ top: 0 });
    },
    [client, toast, m],
  );

  const empty = !loading && reels.length === 0;
  return (
    <Box sx={{ position: 'relative', height: VIEW_HEIGHT, bgcolor: '#000' }}>
      <Typography component="h1" sx={visuallyHidden}>
        {t('heading')}
      </Typography>
      <Box
        ref={scroller}
        data-testid="reels-scroller"
        sx={{
          height: '100%',
          overflowY: 'auto',
          scrollSnapType: 'y mandatory',
          overscrollBehavior: 'contain',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {reels.map((reel, i) => (
          <ReelCard
            key={reel.id}
            reel={reel}
            index={i}
            active={i === active}
            preload={i === active + 1}
            muted={muted}
            toggleSignal={toggleSignal}
            onMuteChange={onMuteChange}
            onEnded={onEnded}
            onLike={onLike}
            onSave={onSave}
            onComments={onComments}
            onShare={onShare}
            onDelete={onDelete}
          />
        ))}
        {loading && reels.length === 0 && (
          <Box
            sx={{ height: '100%', display: 'flex', justifyContent: 'center', p: 2 }}
            role="status"
            aria-busy="true"
            aria-label={t('loading')}
          >
            <Skeleton
              variant="rounded"
              sx={{ bgcolor: 'grey.900', height: '100%', width: '100%', maxWidth: 'calc(100dvh * 9 / 16)' }}
            />
          </Box>
        )}
        {hasMore && reels.length > 0 && (
          <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={24} aria-label={t('loadingMore')} />
          </Box>
        )}
      </Box>

      {empty && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            p: 3,
            color: '#fff',
            textAlign: 'center',
          }}
        >
          <Box>
            <SmartDisplayOutlined sx={{ fontSize: 56, opacity: 0.8 }} aria-hidden />
            <Typography variant="h6" component="p" sx={{ mt: 1 }}>
              {m.ReelMessages.empty}
            </Typography>
            <Typography sx={{ opacity: 0.8, mb: 2 }}>{m.ReelMessages.emptyHint}</Typography>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setUploadOpen(true)}>
              {t('uploadReel')}
            </Button>
          </Box>
        </Box>
      )}

      {fresh.length > 0 && (
        <Chip
          icon={<ArrowUpwardRounded />}
          label={t('newReels', { count: fresh.length, n: f.number(fresh.length) })}
          onClick={showFresh}
          color="primary"
          sx={{ position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
        />
      )}

      {!empty && (
        <Fab
          color="primary"
          aria-label={t('uploadReel')}
          onClick={() => setUploadOpen(true)}
          size="medium"
          sx={{ position: 'absolute', top: 12, right: 12, zIndex: 2 }}
        >
          <AddRounded />
        </Fab>
      )}

      <UploadReelDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onReady={onReady} />
      {commentsFor && (
        <CommentsDialog open postId={commentsFor.id} channel={reelComments} onClose={() => setCommentsFor(null)} />
      )}
      {shareFor && (
        <ShareDialog open kind="reel" postId={shareFor.id} text={shareFor.title} onClose={() => setShareFor(null)} />
      )}
      <Dialog open={Boolean(deleteFor)} onClose={() => setDeleteFor(null)} aria-labelledby="delete-reel-title">
        <DialogTitle id="delete-reel-title">{t('deleteTitle')}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setDeleteFor(null)}>{t('common:cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            {t('common:delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
