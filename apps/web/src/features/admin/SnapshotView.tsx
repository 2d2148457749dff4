/**
 * A reported thing as members saw it: its author, its text, its media; for a chat message (on the
 * report's own page only) the messages around it, the reported one marked. Media open in a new tab.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Quote } from './Quote';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import type { ReportSnapshot } from '@sajha/contract';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { SEP, useVocabulary } from './vocabulary';

const isVideo = (url: string) => /\.(mp4|webm|mov|m4v|ogv|mkv)(\?|$)/i.test(url);

/** The queue shows this much text of each thing; its page shows all of it. */
export const CLIP_CHARS = 280;

export function clipText(text: string, max = CLIP_CHARS): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

function MediaThumbs({ media, size }: { media: string[]; size: number }) {
  const { t, f } = useVocabulary();
  if (media.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('snapshot.media')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
    >
      {media.map((url, i) => (
        <li key={url}>
          <Box
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: size,
              height: size,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
              border: 1,
              borderColor: 'divider',
              color: 'text.secondary',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {isVideo(url) ? (
              <>
                <MovieOutlined aria-hidden />
                <VisuallyHidden>{t('snapshot.video', { n: f.number(i + 1) })}</VisuallyHidden>
              </>
            ) : (
              <Box
                component="img"
                src={url}
                alt={t('snapshot.image', { n: f.number(i + 1) })}
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
          </Box>
        </li>
      ))}
    </Box>
  );
}

function ChatContext({ context }: { context: ReportSnapshot['context'] }) {
  const v = useVocabulary();
  const { t } = v;
  return (
    <Box
      component="ol"
      aria-label={t('snapshot.context')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
    >
      {context.map((m, i) => (
        <Box
          component="li"
          key={`${m.at}-${i}`}
          data-reported={m.reported || undefined}
          sx={{
            p: 1,
            borderRadius: 1,
            border: 1,
            borderColor: m.reported ? 'primary.main' : 'divider',
            bgcolor: m.reported ? 'action.selected' : 'transparent',
          }}
        >
          <Typography variant="caption" color="text.secondary" component="div">
            <strong>@{m.sender}</strong>
            {SEP}
            {v.when(m.at)}
            {m.reported && (
              <Chip
                label={t('snapshot.reported')}
                size="small"
                color="primary"
                sx={{ ml: 1, height: 'auto', minHeight: 20 }}
              />
            )}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text || t('snapshot.noText')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function SnapshotView({ snapshot, full = false }: { snapshot: ReportSnapshot; full?: boolean }) {
  const v = useVocabulary();
  const { t } = v;
  const text = full ? snapshot.text : clipText(snapshot.text);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {snapshot.member ? (
          <>
            <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {snapshot.member.name}
            </Box>{' '}
            @{snapshot.member.username}
          </>
        ) : (
          t('snapshot.deletedAccount')
        )}
        {SEP}
        {t('snapshot.kindFrom', { kind: v.kindLabel(snapshot.kind), date: v.when(snapshot.at) })}
      </Typography>
      {full && snapshot.context.length > 0 ? (
        <ChatContext context={snapshot.context} />
      ) : (
        <Quote
          sx={{
            color: snapshot.text ? 'text.primary' : 'text.secondary',
            // In the queue a long text stops after a few lines (fewer on a phone's narrow column).
            ...(!full && {
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 5, md: 3 },
              overflow: 'hidden',
            }),
          }}
        >
          {text || t('snapshot.noText')}
        </Quote>
      )}
      <MediaThumbs media={snapshot.media} size={full ? 144 : 72} />
      {full && snapshot.link && (
        <Link href={snapshot.link} target="_blank" rel="noopener noreferrer" sx={{ justifySelf: 'start' }}>
          {t('snapshot.open')}
        </Link>
      )}
      {full && snapshot.kind === 'message' && (
        <Typography variant="caption" color="text.secondary">
          {t('snapshot.chatNote')}
        </Typography>
      )}
    </Box>
  );
}
