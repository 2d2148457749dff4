/**
 * Upload a reel: a video, a title, a description and a category. The upload shows its progress; then
 * the reel is 'processing' until the server's reelStatus (or, as a fallback, a status poll) says it is
 * ready or why it failed. The dialog can be closed while processing; the page still hears of it.
 */
import { useEffect, useRef, useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import { Events, REEL_CATEGORIES, REEL_LIMITS, ReelMessages, type ReelDto, type ReelStatusDto } from '@sajha/contract';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { reelKeys } from './queries';
import { fetchReelStatus, uploadReel } from './reelsApi';

type Phase =
  | { step: 'form' }
  | { step: 'uploading'; progress: number }
  | { step: 'processing'; id: string }
  | { step: 'failed'; message: string };

const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export function UploadReelDialog(props: { open: boolean; onClose: () => void; onReady: (reel: ReelDto) => void }) {
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { onReady } = props;

  const reset = () => {
    setFile(null);
    setTitle('');
    setDescription('');
    setCategory('');
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
      setPhase({ step: 'failed', message: s.message ?? ReelMessages.transcodeFailed });
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
    if (!file) return setError(ReelMessages.noFile);
    if (file.size > REEL_LIMITS.maxBytes) return setError(ReelMessages.tooLarge);
    if (!title.trim()) return setError('A title is required.');
    if (!category) return setError('Choose a category.');
    setPhase({ step: 'uploading', progress: 0 });
    const answer = await uploadReel({ file, title: title.trim(), description: description.trim(), category }, (p) =>
      setPhase({ step: 'uploading', progress: p }),
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
      <DialogTitle id="upload-reel-title">Upload a reel</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {phase.step === 'processing' ? (
          <Box role="status" sx={{ py: 2 }}>
            <Typography gutterBottom>Processing your reel…</Typography>
            <LinearProgress aria-label="Processing" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              It appears in Clips when it is ready. You can close this window.
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
              aria-label="Video file"
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
              {file ? file.name : 'Choose a video'}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
              Up to {REEL_LIMITS.maxBytes / (1024 * 1024)} MB and {REEL_LIMITS.maxSeconds} seconds. Portrait looks best.
            </Typography>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: REEL_LIMITS.titleMax } }}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: REEL_LIMITS.descriptionMax } }}
            />
            <TextField
              select
              label="Category"
              required
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              disabled={busy}
            >
              {REEL_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {label(c)}
                </MenuItem>
              ))}
            </TextField>
            {phase.step === 'uploading' && (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(phase.progress * 100)}
                  aria-label="Upload progress"
                />
                <Typography variant="caption" color="text.secondary">
                  Uploading… {Math.round(phase.progress * 100)}%
                </Typography>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {phase.step === 'failed' ? (
          <Button onClick={reset}>Try another file</Button>
        ) : (
          <Button onClick={close} disabled={busy}>
            {phase.step === 'processing' ? 'Close' : 'Cancel'}
          </Button>
        )}
        {phase.step !== 'processing' && phase.step !== 'failed' && (
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            Upload
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
