/**
 * Reels (/clips/{id?}): a full-height vertical snap-scroll list, one reel per screen. The card at least
 * 50% visible plays and the others pause (IntersectionObserver); the end of a video scrolls to the next;
 * one mute for all, kept for the session; the next reel preloads; Up/Down move and Space plays or pauses;
 * the next page of 5 is asked for before the last reel. /clips/{id} starts at that reel.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { Events, REEL_LIMITS, ReelMessages, type ReelDto } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { CommentsDialog } from '../posts/CommentsDialog';
import { ShareDialog } from '../posts/ShareDialog';
import { ReelCard } from './ReelCard';
import { ask, readMuted, reelComments, saveMuted } from './reelsApi';
import { UploadReelDialog } from './UploadReelDialog';

const VIEW_HEIGHT = { xs: 'calc(100dvh - 64px)', md: '100dvh' };

function dedupe(list: ReelDto[]): ReelDto[] {
  const seen = new Set<string>();
  return list.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

export default function ClipsPage() {
  const { id: startId } = useParams();
  const { socket } = useRealtime();
  const toast = useToast();
  const [reels, setReels] = useState<ReelDto[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(true);
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(readMuted);
  const [toggleSignal, setToggleSignal] = useState(0);
  const [fresh, setFresh] = useState<ReelDto[]>([]);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [commentsFor, setCommentsFor] = useState<ReelDto | null>(null);
  const [shareFor, setShareFor] = useState<ReelDto | null>(null);
  const [deleteFor, setDeleteFor] = useState<ReelDto | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // How far into the server's newest-first list we have read (reels merged in live shift it by one each).
  const offset = useRef(0);
  const pending = useRef(false);
  const liking = useRef(new Set<string>());

  useEffect(() => {
    document.title = 'Clips - Sajha';
  }, []);

  // First page (and the reel named in the URL first of all); live: new reels wait behind a chip
  // (the list does not jump), counts move, deletes vanish.
  useSocketEvents({
    [Events.reels]: (p) => {
      pending.current = false;
      offset.current += p.reels.length;
      setHasMore(p.hasMore);
      setLoading(false);
      setReels((list) => dedupe([...list, ...p.reels]));
    },
    [Events.newReel]: ({ reel }) => {
      setReels((list) => {
        if (list.length === 0) {
          offset.current += 1;
          return [reel];
        }
        if (!list.some((r) => r.id === reel.id)) setFresh((f) => dedupe([reel, ...f]));
        return list;
      });
    },
    [Events.reelStats]: ({ id, stats }) => setReels((list) => list.map((r) => (r.id === id ? { ...r, stats } : r))),
    [Events.reelDeleted]: ({ id }) => {
      setReels((list) => list.filter((r) => r.id !== id));
      setFresh((f) => f.filter((r) => r.id !== id));
    },
  });

  useEffect(() => {
    if (!socket) return;
    let cancelled = false;
    offset.current = 0;
    pending.current = true;
    setReels([]);
    setActive(0);
    setLoading(true);
    void (async () => {
      if (startId) {
        const one = await ask<ReelDto>(socket, Events.getReel, { reelId: startId });
        if (cancelled) return;
        if (one.ok) setReels((list) => dedupe([one.data, ...list]));
        else toast.show({ message: one.error, type: 'error' });
      }
      socket.emit(Events.getReels, 0, REEL_LIMITS.pageSize);
    })();
    return () => {
      cancelled = true;
    };
  }, [socket, startId, toast]);

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
  useEffect(() => {
    if (!socket || !hasMore || pending.current || loading) return;
    if (active >= reels.length - 2) {
      pending.current = true;
      socket.emit(Events.getReels, offset.current, REEL_LIMITS.pageSize);
    }
  }, [active, reels.length, hasMore, loading, socket]);

  const scrollTo = useCallback((index: number) => {
    const el = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  const onEnded = useCallback((index: number) => scrollTo(index + 1), [scrollTo]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (uploadOpen || commentsFor || shareFor || deleteFor) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(t.tagName))) return;
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

  const onMuteChange = useCallback((m: boolean) => {
    setMuted(m);
    saveMuted(m);
  }, []);

  const onLike = useCallback(
    (reel: ReelDto) => {
      // One like in flight per reel: a double click must not flip the heart twice while the server counts once.
      if (!socket || liking.current.has(reel.id)) return;
      liking.current.add(reel.id);
      // Optimistic, rolled back if the server refuses.
      const flip = (r: ReelDto, liked: boolean, likes: number) =>
        r.id === reel.id ? { ...r, liked, stats: { ...r.stats, likes } } : r;
      setReels((list) => list.map((r) => flip(r, !reel.liked, reel.stats.likes + (reel.liked ? -1 : 1))));
      void ask<{ liked: boolean; likes: number }>(socket, Events.likeReel, { reelId: reel.id }).then((a) => {
        liking.current.delete(reel.id);
        if (a.ok) setReels((list) => list.map((r) => flip(r, a.data.liked, a.data.likes)));
        else {
          setReels((list) => list.map((r) => flip(r, reel.liked, reel.stats.likes)));
          toast.show({ message: a.error, type: 'error' });
        }
      });
    },
    [socket, toast],
  );
  const onComments = useCallback((reel: ReelDto) => setCommentsFor(reel), []);
  const onShare = useCallback((reel: ReelDto) => setShareFor(reel), []);
  const onDelete = useCallback((reel: ReelDto) => setDeleteFor(reel), []);

  const confirmDelete = () => {
    const reel = deleteFor;
    setDeleteFor(null);
    if (!socket || !reel) return;
    void ask(socket, Events.deleteReel, { reelId: reel.id }).then((a) => {
      if (a.ok) {
        setReels((list) => list.filter((r) => r.id !== reel.id));
        toast.show({ message: ReelMessages.deleted, type: 'success' });
      } else toast.show({ message: a.error, type: 'error' });
    });
  };

  const showFresh = () => {
    offset.current += fresh.length;
    setReels((list) => dedupe([...fresh, ...list]));
    setFresh([]);
    scroller.current?.scrollTo({ top: 0 });
  };

  const onReady = useCallback(
    (reel: ReelDto) => {
      toast.show({ message: ReelMessages.ready, type: 'success' });
      setUploadOpen(false);
      setFresh((f) => f.filter((r) => r.id !== reel.id));
      setReels((list) => {
        if (list.some((r) => r.id === reel.id)) return list;
        offset.current += 1;
        return [reel, ...list];
      });
      scroller.current?.scrollTo({ top: 0 });
    },
    [toast],
  );

  const empty = !loading && reels.length === 0;
  return (
    <Box sx={{ position: 'relative', height: VIEW_HEIGHT, bgcolor: '#000' }}>
      <Typography component="h1" sx={visuallyHidden}>
        Clips
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
            onComments={onComments}
            onShare={onShare}
            onDelete={onDelete}
          />
        ))}
        {loading && reels.length === 0 && (
          <Box
            sx={{ height: '100%', display: 'flex', justifyContent: 'center', p: 2 }}
            aria-busy="true"
            aria-label="Loading reels"
          >
            <Skeleton
              variant="rounded"
              sx={{ bgcolor: 'grey.900', height: '100%', width: '100%', maxWidth: 'calc(100dvh * 9 / 16)' }}
            />
          </Box>
        )}
        {hasMore && reels.length > 0 && (
          <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={24} aria-label="Loading more reels" />
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
              {ReelMessages.empty}
            </Typography>
            <Typography sx={{ opacity: 0.8, mb: 2 }}>{ReelMessages.emptyHint}</Typography>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setUploadOpen(true)}>
              Upload a reel
            </Button>
          </Box>
        </Box>
      )}

      {fresh.length > 0 && (
        <Chip
          icon={<ArrowUpwardRounded />}
          label={fresh.length === 1 ? '1 new reel' : `${fresh.length} new reels`}
          onClick={showFresh}
          color="primary"
          sx={{ position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
        />
      )}

      {!empty && (
        <Fab
          color="primary"
          aria-label="Upload a reel"
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
        <DialogTitle id="delete-reel-title">Delete this reel?</DialogTitle>
        <DialogActions>
          <Button onClick={() => setDeleteFor(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            Delete
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
