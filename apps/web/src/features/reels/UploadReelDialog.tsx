/**
 * Upload a reel: a video, a title, a description, a category, who sees it (issue 38: from the member's
 * default audience) and "Mark as sensitive". The upload shows its progress; then
 * the reel is 'processing' until the server's reelStatus (or, as a fallback, a status poll) says it is
 * ready or why it failed. The dialog can be closed while processing; the page still hears of it.
 */
import { useEffect, useRef, useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import { useTranslation } from 'react-i18next';
import { Events, REEL_CATEGORIES, REEL_LIMITS, type Audience, type ReelDto, type ReelStatusDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { useCurrentUser } from '../../lib/auth';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { AudienceSelect } from '../privacy';
import { reelKeys } from './queries';
import { fetchReelStatus, uploadReel } from './reelsApi';

type Phase =
  | { step: 'form' }
  | { step: 'uploading'; progress: number }
  | { step: 'processing'; id: string }
  | { step: 'failed'; message: string };

export function UploadReelDialog(props: { open: boolean; onClose: () => void; onReady: (reel: ReelDto) => void }) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { t } = useTranslation(['reels', 'posts', 'privacy', 'common']);
  const m = useMessages();
  const f = useFormat();
  const localize = useLocalize();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const me = useCurrentUser();
  const startAudience: Audience = me?.defaultAudience ?? 'public';
  const [audience, setAudience] = useState<Audience>(startAudience);
  const [sensitive, setSensitive] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { onReady } = props;

  const reset = () => {
    setFile(null);
    setTitle('');
    setDescription('');
    setCategory('');
    setAudience(startAudience);
    setSensitive(false);
    setError(null);
    setPhase({ step: 'form' });
  };

  // Processing: the socket tells us; a slow poll covers a reconnect in between.
  const processingId = phase.step === 'processing' ? phase.id : null;
  const settle = (s: ReelStatusDto) => {
    if (s.id !== processingId) return;
    if (s.status === 'ready' && s.reel) {
      onReady(s.reel);
      reset();
    } else if (s.status === 'failed') {
      setPhase({ step: 'failed', message: s.message ? localize(s.message) : m.ReelMessages.transcodeFailed });
    }
  };
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  });
  // The status is a query: polled slowly, and written by the socket's reelStatus as soon as it comes.
  const client = useQueryClient();
  const { data: status } = useQuery({
    queryKey: reelKeys.status(processingId ?? ''),
    queryFn: processingId ? () => fetchReelStatus(processingId) : skipToken,
    refetchInterval: 4000,
  });
  useSocketEvents({ [Events.reelStatus]: (s) => client.setQueryData(reelKeys.status(s.id), s) });
  useEffect(() => {
    if (status) settleRef.current(status);
  }, [status]);

  const submit = async () => {
    setError(null);
    if (!file) return setError(m.ReelMessages.noFile);
    if (file.size > REEL_LIMITS.maxBytes) return setError(m.ReelMessages.tooLarge);
    if (!title.trim()) return setError(m.ReelMessages.titleRequired);
    if (!category) return setError(m.ReelMessages.categoryRequired);
    setPhase({ step: 'uploading', progress: 0 });
    const answer = await uploadReel(
      { file, title: title.trim(), description: description.trim(), category, audience, sensitive },
      (p) => setPhase({ step: 'uploading', progress: p }),
    );
    if (answer.ok) setPhase({ step: 'processing', id: answer.id });
    else {
      setPhase({ step: 'form' });
      setError(answer.error);
    }
  };

  const busy = phase.step === 'uploading';
  const close = () => {
    if (busy) return;
    if (phase.step !== 'processing') reset();
    props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      fullScreen={small}
      aria-labelledby="upload-reel-title"
    >
      <DialogTitle id="upload-reel-title">{t('upload.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {phase.step === 'processing' ? (
          <Box role="status" sx={{ py: 2 }}>
            <Typography gutterBottom>{t('upload.processing')}</Typography>
            <LinearProgress aria-label={t('upload.processingLabel')} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('upload.processingHint')}
            </Typography>
          </Box>
        ) : phase.step === 'failed' ? (
          <Alert severity="error">{phase.message}</Alert>
        ) : (
          <>
            <input
              ref={inputRef}
              type="file"
              accept="video/*"
              hidden
              aria-label={t('upload.videoFile')}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<VideoFileOutlined />}
              onClick={() => inputRef.current?.click()}
              disabled={busy}
              sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {file ? file.name : t('upload.chooseVideo')}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
              {t('upload.limits', {
                mb: f.number(REEL_LIMITS.maxBytes / (1024 * 1024)),
                seconds: f.number(REEL_LIMITS.maxSeconds),
              })}
            </Typography>
            <TextField
              label={t('upload.titleField')}
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: REEL_LIMITS.titleMax } }}
            />
            <TextField
              label={t('upload.description')}
              multiline
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: REEL_LIMITS.descriptionMax } }}
            />
            <TextField
              select
              label={t('upload.category')}
              required
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              disabled={busy}
            >
              {REEL_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`posts:category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <AudienceSelect
              id="upload-reel-audience"
              size="medium"
              value={audience}
              onChange={setAudience}
              disabled={busy}
            />
            <FormControlLabel
              sx={{ mt: -1 }}
              control={
                <Checkbox checked={sensitive} onChange={(e) => setSensitive(e.target.checked)} disabled={busy} />
              }
              label={t('privacy:sensitive.mark')}
            />
            {phase.step === 'uploading' && (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(phase.progress * 100)}
                  aria-label={t('upload.uploadProgress')}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('upload.uploading', { percent: f.number(Math.round(phase.progress * 100)) })}
                </Typography>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {phase.step === 'failed' ? (
          <Button onClick={reset}>{t('upload.tryAnother')}</Button>
        ) : (
          <Button onClick={close} disabled={busy}>
            {phase.step === 'processing' ? t('common:close') : t('common:cancel')}
          </Button>
        )}
        {phase.step !== 'processing' && phase.step !== 'failed' && (
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {t('upload.upload')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
