/**
 * Media viewer (part 2 §9): one attachment at a time; previous/next by buttons, by a swipe of 50 px,
 * or by the arrow keys (throttled to one step per 300 ms); rotate by 90 degrees; download.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import RotateRightOutlined from '@mui/icons-material/RotateRightOutlined';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS } from '@sajha/contract';
import { useFormat, withDigits } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { isImage, isVideo, isVoice, type Attachment } from './attachments';

const SWIPE_PX = 50;

export function MediaViewer({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: Attachment[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const m = useMessages();
  const f = useFormat();
  const [rotation, setRotation] = useState(0);
  const lastKey = useRef(0);
  const touchX = useRef<number | null>(null);
  const open = index !== null && items.length > 0;
  const current = open ? items[Math.min(index, items.length - 1)] : undefined;

  const go = useCallback(
    (step: number) => {
      if (index === null || items.length === 0) return;
      setRotation(0);
      onIndex((index + step + items.length) % items.length);
    },
    [index, items.length, onIndex],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const now = Date.now();
      if (now - lastKey.current < DURATIONS_MS.mediaViewerKeyThrottle) return;
      lastKey.current = now;
      go(e.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, go]);

  if (!current) return null;
  const size = withDigits(current.size, f.prefs.digits);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby="media-viewer-title"
      slotProps={{ paper: { sx: { bgcolor: '#0d0d0d', color: '#fff' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
        <Typography
          id="media-viewer-title"
          component="h2"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {t('viewer.title')}
        </Typography>
        <Typography sx={{ flex: 1, ml: 1 }} noWrap>
          {items.length > 1
            ? t('viewer.captionAt', {
                name: current.name,
                size,
                index: f.number((index ?? 0) + 1),
                total: f.number(items.length),
              })
            : t('viewer.caption', { name: current.name, size })}
        </Typography>
        {isImage(current) && (
          <IconButton
            aria-label={t('viewer.rotate')}
            sx={{ color: '#fff' }}
            onClick={() => setRotation((r) => (r + 90) % 360)}
          >
            <RotateRightOutlined />
          </IconButton>
        )}
        <IconButton
          aria-label={t('viewer.download')}
          sx={{ color: '#fff' }}
          component="a"
          href={current.file}
          download={current.name}
        >
          <DownloadOutlined />
        </IconButton>
        <IconButton aria-label={t('viewer.close')} sx={{ color: '#fff' }} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 0, p: 2, gap: 1 }}
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          go(end < start ? 1 : -1);
        }}
      >
        {items.length > 1 && (
          <IconButton aria-label={t('viewer.previous')} sx={{ color: '#fff' }} onClick={() => go(-1)}>
            <ChevronLeft fontSize="large" />
          </IconButton>
        )}
        <Box sx={{ flex: 1, height: '100%', display: 'grid', placeItems: 'center', minWidth: 0 }}>
          {isImage(current) ? (
            <Box
              component="img"
              src={current.file}
              alt={current.name}
              sx={{
                maxWidth: '100%',
                maxHeight: 'calc(100dvh - 120px)',
                objectFit: 'contain',
                transform: `rotate(${rotation}deg)`,
                transition: 'transform 200ms',
              }}
            />
          ) : isVideo(current) ? (
            <video src={current.file} controls style={{ maxWidth: '100%', maxHeight: 'calc(100dvh - 120px)' }}>
              {m.Messages.chat.videoUnsupported}
            </video>
          ) : isVoice(current) ? (
            <audio src={current.file} controls aria-label={current.name} />
          ) : (
            <Box sx={{ textAlign: 'center' }}>
              <InsertDriveFileOutlined sx={{ fontSize: 96, opacity: 0.8 }} />
              <Typography variant="h6">{current.name}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.7, mb: 2 }}>
                {t('viewer.fileInfo', { type: current.type, size })}
              </Typography>
              <Typography component="a" href={current.file} download={current.name} sx={{ color: '#90caf9' }}>
                {t('viewer.downloadName', { name: current.name })}
              </Typography>
            </Box>
          )}
        </Box>
        {items.length > 1 && (
          <IconButton aria-label={t('viewer.next')} sx={{ color: '#fff' }} onClick={() => go(1)}>
            <ChevronRight fontSize="large" />
          </IconButton>
        )}
      </Box>
    </Dialog>
  );
}
