/** A post's images and videos: one fills the width; several sit in a two-column grid. */
import Box from '@mui/material/Box';
import type { PostMediaDto } from '@sajha/contract';
import { useMessages } from '../../i18n/language';

export function mediaOf(post: { media: string[]; mediaDetails?: PostMediaDto[] | undefined }): PostMediaDto[] {
  if (post.mediaDetails) return post.mediaDetails;
  return post.media.map((url) => ({
    url,
    kind: /\.(mp4|webm|ogg|ogv)$/i.test(url) ? 'video' : 'image',
    mime: '',
    poster: null,
    width: null,
    height: null,
  }));
}

/**
 * `priority`: the media is the page's main content (a post's own page), so its first image loads at once and
 * first among the images, instead of lazily as a feed's do.
 */
export function PostMedia({
  media,
  maxHeight = 520,
  priority = false,
}: {
  media: PostMediaDto[];
  maxHeight?: number;
  priority?: boolean;
}) {
  const m = useMessages();
  if (media.length === 0) return null;
  const single = media.length === 1;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: single ? '1fr' : 'repeat(2, 1fr)',
        gap: 0.5,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {media.map((item, index) =>
        item.kind === 'video' ? (
          <Box
            key={item.url}
            component="video"
            controls
            preload="metadata"
            playsInline
            poster={item.poster ?? undefined}
            sx={{ width: '100%', maxHeight, display: 'block', bgcolor: 'black', aspectRatio: single ? undefined : '1' }}
          >
            <source src={item.url} type={item.mime || undefined} />
            {m.Messages.chat.videoUnsupported}
          </Box>
        ) : (
          <Box
            key={item.url}
            component="img"
            src={item.url}
            alt=""
            loading={priority && index === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority && index === 0 ? 'high' : undefined}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            sx={{
              width: '100%',
              height: single ? 'auto' : '100%',
              maxHeight,
              objectFit: single ? 'contain' : 'cover',
              aspectRatio: single ? undefined : '1',
              display: 'block',
            }}
          />
        ),
      )}
    </Box>
  );
}
