/**
 * Avatar upload (part 2 §4, §5): choose a picture, crop it (square, shown round, zoom 1 to 3 in 0.01
 * steps), see the preview, save. A GIF skips cropping (so it stays animated). Save is enabled only
 * after a crop, or for a GIF; the upload shows its progress.
 */
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import CropOutlined from '@mui/icons-material/CropOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useTranslation } from 'react-i18next';
import { useLocalize, useMessages } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { cropToBlob, uploadAvatar } from './cropImage';
import type { TabProps } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The member's own picture: saved into the profile once uploaded. */
  save?: TabProps['save'];
  /** Another square picture (a group's): where it is uploaded, its title, and what follows. */
  target?: { path: string; title: string; done: (url: string) => void };
}

export function AvatarDialog({ open, onClose, save, target }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  const localize = useLocalize();
  const auth = useAuth();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; gif: boolean } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [result, setResult] = useState<{ blob: Blob; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Object URLs are released when replaced and when the dialog closes.
  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source.url);
    },
    [source],
  );
  useEffect(
    () => () => {
      if (result) URL.revokeObjectURL(result.url);
    },
    [result],
  );

  const reset = () => {
    setSource(null);
    setResult(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setProgress(null);
    setError(null);
  };
  const close = () => {
    if (progress !== null) return;
    reset();
    onClose();
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setResult(null);
    const gif = file.type === 'image/gif';
    const url = URL.createObjectURL(file);
    setSource({ url, gif });
    // A GIF is used as it is: cropping would freeze its animation.
    if (gif) setResult({ blob: file, url: URL.createObjectURL(file) });
  };

  const applyCrop = async () => {
    if (!source || !area) return;
    try {
      const blob = await cropToBlob(source.url, area);
      setResult({ blob, url: URL.createObjectURL(blob) });
    } catch {
      setError(t('avatar.readError'));
    }
  };

  const submit = async () => {
    if (!result) return;
    setProgress(0);
    setError(null);
    const up = await uploadAvatar(result.blob, setProgress, target?.path);
    if (!up.ok || !up.url) {
      // The upload goes past the HTTP client, so its answer is put in the page's language here.
      const problem = up.message ? localize(up.message) : m.Messages.server.internal;
      setProgress(null);
      setError(problem);
      toast.show({ title: m.Messages.profile.updateFailed, message: problem, type: 'error' });
      return;
    }
    if (target) {
      setProgress(null);
      target.done(up.url);
      reset();
      onClose();
      return;
    }
    const ok = (await save?.({ type: 'profilePic', updatedData: { profilePic: up.url } })) ?? false;
    setProgress(null);
    if (!ok) return;
    if (auth.user) auth.login({ ...auth.user, avatar: up.url });
    reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="avatar-dialog-title">
      <DialogTitle id="avatar-dialog-title">{target?.title ?? t('avatar.title')}</DialogTitle>
      <DialogContent>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('avatar.file')}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {!source && (
          <Box sx={{ display: 'grid', placeItems: 'center', gap: 1, py: 4, color: 'text.secondary' }}>
            <ImageOutlined sx={{ fontSize: 56 }} aria-hidden />
            <Typography>{t('avatar.prompt')}</Typography>
          </Box>
        )}
        {source && !source.gif && (
          <>
            <Box sx={{ position: 'relative', height: 280, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                minZoom={1}
                maxZoom={3}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_a, pixels) => setArea(pixels)}
              />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
              <Typography id="zoom-label" variant="body2">
                {t('avatar.zoom')}
              </Typography>
              <Slider
                value={zoom}
                min={1}
                max={3}
                step={0.01}
                onChange={(_e, v) => setZoom(v)}
                slotProps={{ input: { 'aria-labelledby': 'zoom-label' } }}
                sx={{ flex: 1 }}
              />
              <Button variant="outlined" startIcon={<CropOutlined />} onClick={() => void applyCrop()} disabled={!area}>
                {t('avatar.crop')}
              </Button>
            </Box>
          </>
        )}
        {result && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
            <Avatar src={result.url} alt={t('avatar.preview')} sx={{ width: 72, height: 72 }} />
            <Typography variant="body2" color="text.secondary">
              {source?.gif ? t('avatar.gifNote') : t('avatar.previewNote')}
            </Typography>
          </Box>
        )}
        {progress !== null && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={t('avatar.progress')}
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={() => input.current?.click()} disabled={progress !== null}>
          {source ? t('avatar.chooseAnother') : t('avatar.choose')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={close} disabled={progress !== null}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!result || progress !== null}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
