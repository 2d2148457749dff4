/** A post's images and videos: one fills the width; several sit in a two-column grid. */
import Box from '@mui/material/Box';
import { Messages, type PostMediaDto } from '@sajha/contract';

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

export function PostMedia({ media, maxHeight = 520 }: { media: PostMediaDto[]; maxHeight?: number }) {
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
      {media.map((m) =>
        m.kind === 'video' ? (
          <Box
            key={m.url}
            component="video"
            controls
            preload="metadata"
            playsInline
            poster={m.poster ?? undefined}
            sx={{ width: '100%', maxHeight, display: 'block', bgcolor: 'black', aspectRatio: single ? undefined : '1' }}
          >
            <source src={m.url} type={m.mime || undefined} />
            {Messages.chat.videoUnsupported}
          </Box>
        ) : (
          <Box
            key={m.url}
            component="img"
            src={m.url}
            alt=""
            loading="lazy"
            width={m.width ?? undefined}
            height={m.height ?? undefined}
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
