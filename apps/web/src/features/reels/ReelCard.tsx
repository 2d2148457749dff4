/**
 * One reel filling the viewer: the poster until it plays, the video (played only while it is the active
 * card), controls that hide after 2000 ms of play, title, description, category, counts and the author.
 * A clip marked sensitive, or someone else's with one of the member's muted words, stays blurred (and
 * does not play) until shown; someone else's clip has "Report clip" in its menu.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS, type ReelDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import {
  useMutedWordHit,
  useReportDialog,
  useSensitiveLabel,
  useShowsSensitive,
  VeilOverlay,
  veiled,
} from '../moderation';
import { RichText } from '../search';

export interface ReelCardProps {
  reel: ReelDto;
  index: number;
  active: boolean;
  /** The card after the active one: its video loads ahead. */
  preload: boolean;
  muted: boolean;
  /** Set by the page when Space is pressed for this card. */
  toggleSignal: number;
  onMuteChange: (muted: boolean) => void;
  onEnded: (index: number) => void;
  onLike: (reel: ReelDto) => void;
  /** Bookmark it into the member's Saved list (issue 37). */
  onSave?: (reel: ReelDto) => void;
  onComments: (reel: ReelDto) => void;
  onShare: (reel: ReelDto) => void;
  onDelete: (reel: ReelDto) => void;
}

const shadow = { textShadow: '0 1px 3px rgba(0,0,0,0.8)' } as const;

/**
 * Gradient scrims under the overlaid controls, counts and texts, so they read on any video (a white or
 * bright one too): the bottom one darkens to 60% black behind the author, title, category and the action
 * column with its counts; the top one sits under play and mute. Decoration only: hidden from assistive
 * technology and letting every pointer through to the video.
 */
const scrim = {
  position: 'absolute',
  left: 0,
  right: 0,
  pointerEvents: 'none',
} as const;
const bottomScrim = {
  ...scrim,
  bottom: 0,
  // Tall enough to reach above the action column's first count (about 340 px up on every width).
  height: 'min(460px, 75%)',
  background: 'linear-gradient(to bottom, rgba(0,0,0,0) 0%, rgba(0,0,0,0.6) 35%, rgba(0,0,0,0.7) 100%)',
} as const;
const topScrim = {
  ...scrim,
  top: 0,
  height: 112,
  background: 'linear-gradient(to top, rgba(0,0,0,0) 0%, rgba(0,0,0,0.45) 50%, rgba(0,0,0,0.6) 100%)',
} as const;

function Action(props: {
  /** Names the count for tests: `${name}-count`. */
  name: 'like' | 'unlike' | 'comments' | 'share';
  label: string;
  count: number;
  onClick: () => void;
  icon: React.ReactNode;
  pressed?: boolean;
}) {
  const f = useFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <IconButton
        aria-label={props.label}
        aria-pressed={props.pressed}
        onClick={props.onClick}
        sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.35)', '&:hover': { bgcolor: 'rgba(0,0,0,0.55)' } }}
      >
        {props.icon}
      </IconButton>
      <Typography
        variant="caption"
        sx={{ color: '#fff', fontWeight: 700, ...shadow }}
        data-testid={`${props.name}-count`}
      >
        {f.number(props.count)}
      </Typography>
    </Box>
  );
}

/** Someone else's clip: a menu with "Report clip". */
function ReportClipMenu({ reel }: { reel: ReelDto }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const report = useReportDialog();
  const { t } = useTranslation('reels');
  return (
    <>
      <IconButton
        aria-label={t('card.moreActions')}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.35)', '&:hover': { bgcolor: 'rgba(0,0,0,0.55)' } }}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            report.open({ kind: 'reel', id: reel.id, title: t('card.report') });
          }}
        >
          <ListItemIcon>
            <FlagOutlined fontSize="small" />
          </ListItemIcon>
          {t('card.report')}
        </MenuItem>
      </Menu>
      {report.dialog}
    </>
  );
}

function ReelCardInner(props: ReelCardProps) {
  const { reel, active, muted, index, onEnded } = props;
  const { t } = useTranslation(['reels', 'posts']);
  const m = useMessages();
  const sensitiveLabel = useSensitiveLabel();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [controls, setControls] = useState(true);
  const hideTimer = useRef<number | undefined>(undefined);
  const mutedWord = useMutedWordHit([reel.title, reel.description], reel.owner) !== null;
  const [shown, setShown] = useState(false);
  // "Always show sensitive media" (Settings → Privacy) lifts the veil of sensitive clips, not of muted words.
  const always = useShowsSensitive();
  const covered = !shown && ((reel.sensitive === true && !always) || mutedWord);
  const playable = active && !covered;

  const showControls = useCallback(() => {
    setControls(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => {
      if (video.current && !video.current.paused) setControls(false);
    }, DURATIONS_MS.reelsControlsHide);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // The active card plays (once shown, if covered), every other one pauses (and rewinds when it leaves).
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (playable) {
      v.play().catch((err: unknown) => {
        // Autoplay with sound refused: fall back to muted (the catalogue: play failures are only logged).
        console.warn('reel play failed', err);
        if (!v.muted && err instanceof DOMException && err.name === 'NotAllowedError') {
          props.onMuteChange(true);
        }
      });
    } else {
      v.pause();
      if (v.currentTime > 0) v.currentTime = 0;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playable]);

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) v.play().catch((err: unknown) => console.warn('reel play failed', err));
    else v.pause();
    showControls();
  };
  const firstSignal = useRef(props.toggleSignal);
  useEffect(() => {
    if (props.toggleSignal !== firstSignal.current && playable) togglePlay();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.toggleSignal]);

  const near = active || props.preload;
  const profile = `/u/@${reel.user.username}`;
  return (
    <Box
      component="article"
      data-testid="reel-card"
      data-reel-id={reel.id}
      data-index={index}
      aria-label={mutedWord && covered ? m.ModerationMessages.mutedWordHidden : reel.title}
      sx={{
        position: 'relative',
        height: '100%',
        scrollSnapAlign: 'start',
        scrollSnapStop: 'always',
        display: 'flex',
        justifyContent: 'center',
        bgcolor: '#000',
      }}
      onPointerMove={showControls}
    >
      <Box sx={{ position: 'relative', height: '100%', width: '100%', maxWidth: { md: 'calc((100dvh) * 9 / 16)' } }}>
        <Box
          component="video"
          ref={video}
          src={near ? reel.sources[0] : undefined}
          poster={reel.thumb || undefined}
          preload={active ? 'auto' : props.preload ? 'auto' : 'none'}
          muted={muted}
          playsInline
          loop={false}
          onPlay={() => {
            setPlaying(true);
            showControls();
          }}
          onPause={() => {
            setPlaying(false);
            setControls(true);
          }}
          onEnded={() => onEnded(index)}
          onClick={togglePlay}
          inert={covered}
          sx={[
            { width: '100%', height: '100%', objectFit: 'contain', display: 'block', cursor: 'pointer' },
            covered && veiled,
          ]}
        >
          {m.Messages.chat.videoUnsupported}
        </Box>
        <Box aria-hidden data-testid="reel-scrim-bottom" sx={bottomScrim} />
        <Box
          aria-hidden
          data-testid="reel-scrim-top"
          sx={{ ...topScrim, opacity: controls ? 1 : 0, transition: 'opacity 200ms' }}
        />
        {covered && (
          <VeilOverlay
            title={mutedWord ? m.ModerationMessages.mutedWordHidden : sensitiveLabel}
            hint={mutedWord ? undefined : t('card.sensitiveHint')}
            onShow={() => setShown(true)}
          />
        )}

        <Box
          data-testid="reel-controls"
          data-visible={controls ? 'true' : 'false'}
          inert={covered}
          sx={{
            position: 'absolute',
            top: 12,
            left: 12,
            display: 'flex',
            gap: 1,
            opacity: controls ? 1 : 0,
            transition: 'opacity 200ms',
            pointerEvents: controls ? 'auto' : 'none',
          }}
        >
          <IconButton
            aria-label={playing ? t('card.pause') : t('card.play')}
            onClick={togglePlay}
            sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.45)' }}
          >
            {playing ? <PauseRounded /> : <PlayArrowRounded />}
          </IconButton>
          <IconButton
            aria-label={muted ? t('card.unmute') : t('card.mute')}
            onClick={() => {
              props.onMuteChange(!muted);
              showControls();
            }}
            sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.45)' }}
          >
            {muted ? <VolumeOffRounded /> : <VolumeUpRounded />}
          </IconButton>
        </Box>

        <Box
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 24,
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
            alignItems: 'center',
            zIndex: 2,
          }}
        >
          <Action
            name={reel.liked ? 'unlike' : 'like'}
            label={reel.liked ? t('card.unlike') : t('card.like')}
            pressed={reel.liked}
            count={reel.stats.likes}
            onClick={() => props.onLike(reel)}
            icon={reel.liked ? <FavoriteRounded sx={{ color: '#ff4d6d' }} /> : <FavoriteBorderRounded />}
          />
          <Action
            name="comments"
            label={t('card.comments')}
            count={reel.stats.comments}
            onClick={() => props.onComments(reel)}
            icon={<ChatBubbleOutlineRounded />}
          />
          <Action
            name="share"
            label={t('card.share')}
            count={reel.stats.shares}
            onClick={() => props.onShare(reel)}
            icon={<ShareOutlined />}
          />
          {props.onSave && (
            <IconButton
              aria-label={t('card.save')}
              aria-pressed={reel.saved === true}
              onClick={() => props.onSave?.(reel)}
              sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.35)', '&:hover': { bgcolor: 'rgba(0,0,0,0.55)' } }}
            >
              {reel.saved ? <BookmarkRounded /> : <BookmarkBorderRounded />}
            </IconButton>
          )}
          {reel.owner && (
            <IconButton
              aria-label={t('card.delete')}
              onClick={() => props.onDelete(reel)}
              sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.35)' }}
            >
              <DeleteOutlineRounded />
            </IconButton>
          )}
          {!reel.owner && <ReportClipMenu reel={reel} />}
        </Box>

        <Box
          sx={{
            position: 'absolute',
            left: 0,
            right: 64,
            bottom: 0,
            p: 2,
            color: '#fff',
            ...(covered && mutedWord && { filter: 'blur(6px)' }),
          }}
          inert={covered && mutedWord}
          aria-hidden={(covered && mutedWord) || undefined}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Avatar
              src={reel.user.profile_image ?? undefined}
              alt={reel.user.name}
              component={RouterLink}
              to={profile}
              sx={{ width: 36, height: 36, bgcolor: 'grey.800', color: '#fff' }}
            >
              {reel.user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Link
              component={RouterLink}
              to={profile}
              color="inherit"
              underline="hover"
              sx={{ fontWeight: 700, ...shadow }}
            >
              {reel.user.name}
            </Link>
            <Chip
              label={t(`posts:category.${reel.category}`, { defaultValue: reel.category })}
              size="small"
              sx={{ color: '#fff', bgcolor: 'rgba(255,255,255,0.22)' }}
            />
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, ...shadow }}>
            <RichText text={reel.title} color="inherit" />
          </Typography>
          {reel.description && (
            <Typography
              variant="body2"
              sx={{
                ...shadow,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              <RichText text={reel.description} color="inherit" />
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}

export const ReelCard = memo(ReelCardInner);
