/**
 * The incoming-call prompt in the shell (part 1 §4): the caller's avatar and name, Accept / Decline and
 * a looped ringtone at volume 0.5. Accept opens the 800x600 call popup; Decline sends reject-call;
 * incoming-ended dismisses it; a second call is ignored while one rings. The sound stops on any outcome.
 */
import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Call from '@mui/icons-material/Call';
import CallEnd from '@mui/icons-material/CallEnd';
import { useTranslation } from 'react-i18next';
import { Events, LAYOUT, RINGTONE_VOLUME, type IncomingCall } from '@sajha/contract';
import { useMessages } from '../../i18n/language';
import { useRealtime } from '../../lib/realtime';
import { useSocketEvents } from '../../lib/useSocketEvents';

export const RINGTONE_URL = '/sounds/ringtone.mp3';

export function IncomingCallPrompt() {
  const { socket } = useRealtime();
  const { t } = useTranslation('calls');
  const m = useMessages();
  const [incoming, setIncoming] = useState<IncomingCall | null>(null);
  const ringing = useRef<IncomingCall | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  useSocketEvents({
    [Events.incomingCall]: (call: IncomingCall) => {
      if (ringing.current) return; // one call at a time
      ringing.current = call;
      setIncoming(call);
    },
    [Events.incomingEnded]: ({ roomId }) => {
      if (ringing.current?.roomId !== roomId) return;
      ringing.current = null;
      setIncoming(null);
    },
  });

  // The ringtone follows the prompt: it plays while a call rings and stops on any outcome.
  useEffect(() => {
    const a = audio.current;
    if (!a) return;
    if (incoming) {
      a.volume = RINGTONE_VOLUME;
      a.currentTime = 0;
      a.play().catch(() => undefined); // a page nobody touched yet may not play sound
    } else {
      a.pause();
    }
  }, [incoming]);

  const close = () => {
    ringing.current = null;
    setIncoming(null);
  };
  const accept = () => {
    if (!incoming) return;
    const { width, height } = LAYOUT.callPopup;
    window.open(
      `/call/${incoming.caller.uid}/${incoming.roomId}`,
      `call-${incoming.roomId}`,
      `popup=yes,width=${width},height=${height}`,
    );
    close();
  };
  const decline = () => {
    if (!incoming) return;
    socket?.emit(Events.rejectCall, { roomId: incoming.roomId });
    close();
  };

  return (
    <>
      <audio ref={audio} src={RINGTONE_URL} loop preload="none" data-testid="ringtone" />
      <Dialog
        open={incoming !== null}
        onClose={(_e, reason) => reason !== 'backdropClick' && decline()}
        aria-labelledby="incoming-call-title"
        aria-describedby="incoming-call-text"
      >
        <DialogTitle id="incoming-call-title" sx={{ textAlign: 'center' }}>
          {m.Messages.call.incoming}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ alignItems: 'center', minWidth: 240 }}>
            <Avatar
              src={incoming?.caller.avatar ?? undefined}
              alt={incoming?.caller.name}
              sx={{ width: 72, height: 72, fontSize: 32 }}
            >
              {incoming?.caller.name.charAt(0).toUpperCase()}
            </Avatar>
            <Typography id="incoming-call-text" variant="h6" sx={{ fontWeight: 700 }}>
              {incoming?.caller.name}
            </Typography>
            <Typography color="text.secondary">{t('incoming.isCalling')}</Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', gap: 2, pb: 3 }}>
          <Button variant="contained" color="error" startIcon={<CallEnd />} onClick={decline}>
            {t('incoming.decline')}
          </Button>
          <Button variant="contained" color="success" startIcon={<Call />} onClick={accept} autoFocus>
            {t('incoming.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
