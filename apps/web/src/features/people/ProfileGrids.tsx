/**
 * A profile's grids (issue 37): its posts as square tiles (the first photo or video frame; a text-only post
 * shows its first words) that open the post page, and its clips as portrait tiles that open the clip.
 * Media marked sensitive stay blurred in a tile unless the member always shows them.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import type { PostDto, PostMediaDto, ReelDto } from '@sajha/contract';
import { useShowsSensitive, veiled } from '../moderation';

const EXCERPT_WORDS = 12;

/** The first words of a text, for a tile and its name. */
export function firstWords(text: string, words = EXCERPT_WORDS): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

/** A post's first medium: its details, or its URL read by extension (older posts). */
function firstMedium(post: PostDto): PostMediaDto | undefined {
  const detailed = post.mediaDetails?.[0];
  if (detailed) return detailed;
  const url = post.media[0];
  if (!url) return undefined;
  const kind = /\.(mp4|webm|ogg|ogv|mov)$/i.test(url) ? 'video' : 'image';
  return { url, kind, mime: '', poster: null, width: null, height: null };
}

const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: { xs: 0.5, sm: 1 },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

const tileSx = {
  position: 'relative',
  display: 'block',
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  borderRadius: 1.5,
  color: 'inherit',
  textDecoration: 'none',
  outlineOffset: 2,
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
  '&:hover .tile-shade': { opacity: 1 },
} as const;

/** The dark wash a tile gets on hover (and always under white text). */
function Shade({ always = false }: { always?: boolean }) {
  return (
    <Box
      className="tile-shade"
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        background: 'linear-gradient(to top, rgba(0,0,0,0.65), rgba(0,0,0,0) 55%)',
        opacity: always ? 1 : 0,
        transition: 'opacity 120ms',
      }}
    />
  );
}

function Corner({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        top: 6,
        right: 6,
        display: 'flex',
        color: '#fff',
        filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.7))',
      }}
    >
      {children}
    </Box>
  );
}

function PostTile({ post }: { post: PostDto }) {
  const { t } = useTranslation('people');
  const showAll = useShowsSensitive();
  const medium = firstMedium(post);
  const text = firstWords(post.content);
  const covered = Boolean(post.sensitive) && !showAll && medium !== undefined;
  const what = text || (medium ? t(medium.kind === 'video' ? 'profile.videoPost' : 'profile.photoPost') : '');
  const base = t('profile.postTile', { text: what || t('profile.textPost') });
  const label = covered ? t('profile.sensitiveTile', { label: base }) : base;
  const picture = medium && (medium.kind === 'image' ? medium.url : medium.poster);

  return (
    <Box
      component={RouterLink}
      to={`/view/${post.post_id}`}
      aria-label={label}
      data-testid="post-tile"
      sx={{
        ...tileSx,
        aspectRatio: '1',
        ...(medium
          ? { bgcolor: 'grey.900' }
          : { bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' } }),
      }}
    >
      {medium ? (
        <>
          {picture ? (
            <Box
              component="img"
              src={picture}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...(covered ? veiled : {}) }}
            />
          ) : (
            // A video without a poster frame: its first frame, never played here.
            <Box
              component="video"
              src={`${medium.url}#t=0.1`}
              preload="metadata"
              muted
              playsInline
              tabIndex={-1}
              aria-hidden
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...(covered ? veiled : {}) }}
            />
          )}
          <Shade />
          <Corner>
            {covered ? (
              <VisibilityOffOutlined fontSize="small" />
            ) : medium.kind === 'video' ? (
              <PlayArrowRounded />
            ) : post.media.length > 1 ? (
              <CollectionsOutlined fontSize="small" />
            ) : null}
          </Corner>
        </>
      ) : (
        <Typography
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            p: { xs: 1, sm: 1.5 },
            fontSize: { xs: '0.8rem', sm: '0.95rem' },
            lineHeight: 1.35,
            fontWeight: 500,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: { xs: 5, sm: 6 },
            overflow: 'hidden',
          }}
        >
          {text}
        </Typography>
      )}
    </Box>
  );
}

function TileSkeletons({ ratio }: { ratio: string }) {
  return [0, 1, 2].map((i) => (
    <Box component="li" key={`skeleton-${i}`} data-testid="tile-skeleton">
      <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: ratio }} />
    </Box>
  ));
}

export function PostGrid({ posts, loading, label }: { posts: PostDto[]; loading: boolean; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {posts.map((p) => (
        <Box component="li" key={p.post_id} sx={{ minWidth: 0 }}>
          <PostTile post={p} />
        </Box>
      ))}
      {loading && <TileSkeletons ratio="1" />}
    </Box>
  );
}

function ClipTile({ clip }: { clip: ReelDto }) {
  const { t } = useTranslation('people');
  const showAll = useShowsSensitive();
  const covered = clip.sensitive === true && !showAll;
  const base = t('profile.clipTile', { title: clip.title });
  return (
    <Box
      component={RouterLink}
      to={`/clips/${clip.id}`}
      aria-label={covered ? t('profile.sensitiveTile', { label: base }) : base}
      data-testid="clip-tile"
      sx={{ ...tileSx, aspectRatio: '9 / 16', bgcolor: 'grey.900' }}
    >
      {clip.thumb && (
        <Box
          component="img"
          src={clip.thumb}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...(covered ? veiled : {}) }}
        />
      )}
      <Shade always />
      <Corner>{covered ? <VisibilityOffOutlined fontSize="small" /> : <PlayArrowRounded />}</Corner>
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          p: { xs: 0.75, sm: 1 },
          color: '#fff',
          textShadow: '0 1px 2px rgba(0,0,0,0.8)',
        }}
      >
        <Typography
          component="span"
          sx={{
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            fontSize: { xs: '0.75rem', sm: '0.875rem' },
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
          }}
        >
          {clip.title}
        </Typography>
      </Box>
    </Box>
  );
}

export function ClipGrid({ clips, loading, label }: { clips: ReelDto[]; loading: boolean; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {clips.map((c) => (
        <Box component="li" key={c.id} sx={{ minWidth: 0 }}>
          <ClipTile clip={c} />
        </Box>
      ))}
      {loading && <TileSkeletons ratio="9 / 16" />}
    </Box>
  );
}
