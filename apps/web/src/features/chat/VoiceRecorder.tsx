/**
 * Voice notes (part 2 §4, §8, §9): inactive -> recording <-> paused; stop delivers the recording and
 * returns to inactive; reset discards; problems show one of the catalogue's messages for 5 seconds.
 * 128 kbps mono audio at 44.1 kHz, a data chunk every second, the timer as m:ss.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS } from '@sajha/contract';
import { useFormat, withDigits } from '../../i18n/format';
import { useMessages } from '../../i18n/language';

export type RecorderState = 'inactive' | 'recording' | 'paused' | 'error';

/** Which of the catalogue's messages a problem shows (read in the member's language when drawn). */
type RecorderError =
  'microphoneError' | 'recordingError' | 'recordingSaveError' | 'recordingPauseError' | 'recordingResumeError';

export const formatTimer = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function useRecorder(onRecording: (file: File) => void) {
  const [state, setState] = useState<RecorderState>('inactive');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<RecorderError | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const discard = useRef(false);

  const fail = useCallback((message: RecorderError) => {
    setError(message);
    setState('error');
  }, []);

  useEffect(() => {
    if (!error) return;
    const t = window.setTimeout(() => {
      setError(null);
      setState((s) => (s === 'error' ? 'inactive' : s));
    }, DURATIONS_MS.recordingError);
    return () => window.clearTimeout(t);
  }, [error]);

  useEffect(() => {
    if (state !== 'recording') return;
    const t = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(t);
  }, [state]);

  const release = () => {
    recorder.current?.stream.getTracks().forEach((t) => t.stop());
    recorder.current = null;
  };
  useEffect(() => () => release(), []);

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, sampleRate: 44_100, echoCancellation: true },
      });
    } catch {
      return fail('microphoneError');
    }
    try {
      const r = new MediaRecorder(stream, { audioBitsPerSecond: 128_000 });
      chunks.current = [];
      discard.current = false;
      r.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.current.push(e.data);
      };
      r.onerror = () => {
        release();
        fail('recordingError');
      };
      r.onstop = () => {
        if (discard.current) return;
        try {
          const type = r.mimeType || 'audio/webm';
          const blob = new Blob(chunks.current, { type });
          const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
          onRecording(new File([blob], `voice-${Date.now()}.${ext}`, { type: type.split(';')[0] }));
        } catch {
          fail('recordingSaveError');
        }
      };
      r.start(1000);
      recorder.current = r;
      setSeconds(0);
      setState('recording');
    } catch {
      stream.getTracks().forEach((t) => t.stop());
      fail('recordingError');
    }
  };

  const pause = () => {
    try {
      recorder.current?.pause();
      setState('paused');
    } catch {
      fail('recordingPauseError');
    }
  };
  const resume = () => {
    try {
      recorder.current?.resume();
      setState('recording');
    } catch {
      fail('recordingResumeError');
    }
  };
  const stop = () => {
    try {
      recorder.current?.stop();
    } catch {
      fail('recordingSaveError');
    }
    release();
    setState('inactive');
  };
  const reset = () => {
    discard.current = true;
    try {
      recorder.current?.stop();
    } catch {
      // discarded anyway
    }
    release();
    setSeconds(0);
    setState('inactive');
  };
  return { state, seconds, error, start, pause, resume, stop, reset };
}

export function VoiceRecorder({ onRecording }: { onRecording: (file: File) => void }) {
  const r = useRecorder(onRecording);
  const { t } = useTranslation('chat');
  const m = useMessages();
  const f = useFormat();
  const active = r.state === 'recording' || r.state === 'paused';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {!active && (
        <Tooltip title={t('voice.record')}>
          <IconButton aria-label={t('voice.record')} onClick={() => void r.start()}>
            <MicNoneOutlined />
          </IconButton>
        </Tooltip>
      )}
      {active && (
        <>
          <Typography
            variant="body2"
            aria-label={t('voice.time')}
            sx={{ color: r.state === 'recording' ? 'error.main' : 'text.secondary', minWidth: 36, fontWeight: 600 }}
          >
            {withDigits(formatTimer(r.seconds), f.prefs.digits)}
          </Typography>
          {r.state === 'recording' ? (
            <IconButton aria-label={t('voice.pause')} onClick={r.pause} size="small">
              <PauseOutlined />
            </IconButton>
          ) : (
            <IconButton aria-label={t('voice.resume')} onClick={r.resume} size="small">
              <PlayArrowOutlined />
            </IconButton>
          )}
          <IconButton aria-label={t('voice.stop')} onClick={r.stop} size="small" color="primary">
            <StopOutlined />
          </IconButton>
          <IconButton aria-label={t('voice.discard')} onClick={r.reset} size="small">
            <DeleteOutline />
          </IconButton>
        </>
      )}
      {r.error && (
        <Typography role="alert" variant="caption" color="error" sx={{ maxWidth: 220 }}>
          {m.Messages.chat[r.error]}
        </Typography>
      )}
    </Box>
  );
}
