/** Camera capture (part 2 §9): a mirrored preview, and a mirrored PNG named image-{timestamp}.png. */
import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export function CameraDialog({
  open,
  onClose,
  onCapture,
}: {
  open: boolean;
  onClose: () => void;
  onCapture: (file: File) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
      })
      // Camera access failure: logged only (part 2 §8).
      .catch((err: unknown) => console.error('camera access failed', err));
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
    };
  }, [open]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.translate(canvas.width, 0);
    ctx.scale(-1, 1);
    ctx.drawImage(v, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      onCapture(new File([blob], `image-${Date.now()}.png`, { type: 'image/png' }));
      onClose();
    }, 'image/png');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="camera-title" maxWidth="sm" fullWidth>
      <DialogTitle id="camera-title">{t('camera.title')}</DialogTitle>
      <DialogContent>
        <video
          ref={video}
          muted
          playsInline
          style={{ width: '100%', transform: 'scaleX(-1)', borderRadius: 8, background: '#000' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button variant="contained" onClick={capture}>
          {t('camera.capture')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
