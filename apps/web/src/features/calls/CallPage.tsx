/**
 * The call screen (part 2 "Call screen"), in its own guarded layout with no /real socket: remote and
 * local video, the "Calling..." panel, the controls, the device selector, a quality badge, a
 * "Reconnecting..." notice while the call heals, and the Ended screen.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CallEnd from '@mui/icons-material/CallEnd';
import Mic from '@mui/icons-material/Mic';
import MicOff from '@mui/icons-material/MicOff';
import ScreenShare from '@mui/icons-material/ScreenShare';
import StopScreenShare from '@mui/icons-material/StopScreenShare';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Videocam from '@mui/icons-material/Videocam';
import VideocamOff from '@mui/icons-material/VideocamOff';
import { useTranslation } from 'react-i18next';
import { useLocalize, useMessages } from '../../i18n/language';
import { CallSession, type CallState } from './callSession';
import { DeviceDialog } from './DeviceDialog';
import { CallTimer, QualityBadge } from './QualityBadge';

/**
 * The remote's state chips (muted, sharing, reconnecting) in dark text: white on the warning orange
 * (3.1:1) and the info blue (3.9:1) fell under 4.5:1; black reads at 5.4:1 or more in both colour schemes.
 */
const darkOnColour = { color: 'common.black', '& .MuiChip-icon': { color: 'inherit' } } as const;

function VideoOf({ stream, muted, label }: { stream: MediaStream | null; muted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    if (stream) v.play().catch(() => undefined);
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      sx={{ width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'black', display: 'block' }}
    />
  );
}

/** Remote sound plays from its own element, so a blocked autoplay can be started with one click. */
function RemoteAudio({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation('calls');
  const ref = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const a = ref.current;
    if (!a) return;
    a.srcObject = stream;
    if (stream)
      a.play().then(
        () => setBlocked(false),
        () => setBlocked(true),
      );
  }, [stream]);
  return (
    <>
      <audio ref={ref} autoPlay />
      {blocked && (
        <Button
          variant="contained"
          size="small"
          onClick={() => void ref.current?.play().then(() => setBlocked(false))}
          sx={{ position: 'absolute', top: 56, left: '50%', transform: 'translateX(-50%)', zIndex: 3 }}
        >
          {t('page.playSound')}
        </Button>
      )}
    </>
  );
}

function EndedScreen({ title: serverTitle }: { title: string | null }) {
  const { t } = useTranslation(['calls', 'common']);
  const m = useMessages();
  const localize = useLocalize();
  const navigate = useNavigate();
  // The server's title ("Call declined") is an English catalogue text: shown in the member's language.
  const title = serverTitle ? localize(serverTitle) : m.Messages.call.ended;
  const documentTitle = t('ended.documentTitle', { title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const close = () => {
    window.close();
    // Not a popup (opened by hand): closing is refused, so go home instead.
    setTimeout(() => void navigate('/home', { replace: true }), 200);
  };
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 420 }}>
        <CallEnd color="error" sx={{ fontSize: 48 }} />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{m.Messages.call.disconnected}</Typography>
        <Typography color="text.secondary">{m.CallTexts.thanks}</Typography>
        <Button variant="contained" onClick={close} autoFocus>
          {t('common:close')}
        </Button>
      </Stack>
    </Box>
  );
}

function PeerPanel({ state }: { state: CallState }) {
  const { t } = useTranslation('calls');
  const m = useMessages();
  const name = state.peer?.name ?? '';
  const text = state.role === 'callee' || state.phase === 'connecting' ? t('page.connecting') : m.Messages.call.calling;
  return (
    <Stack spacing={2} role="status" aria-live="polite" sx={{ alignItems: 'center', color: 'common.white' }}>
      <Avatar src={state.peer?.avatar ?? undefined} alt={name} sx={{ width: 96, height: 96, fontSize: 40 }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Typography variant="h6" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* Decorative: the text beside it says what is happening. */}
        <CircularProgress size={16} color="inherit" aria-hidden />
        <Typography>{text}</Typography>
      </Stack>
    </Stack>
  );
}

function Control({
  label,
  onClick,
  children,
  pressed,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  pressed?: boolean;
  danger?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        sx={{
          width: 52,
          height: 52,
          color: 'common.white',
          bgcolor: danger ? 'error.main' : pressed ? 'grey.700' : 'rgba(255,255,255,0.16)',
          '&:hover': { bgcolor: danger ? 'error.dark' : 'rgba(255,255,255,0.28)' },
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

export default function CallPage() {
  const { userUid = '', roomId } = useParams();
  const [session] = useState(() => new CallSession(userUid, roomId));
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const narrow = useMediaQuery('(max-width:768px)');
  const { t } = useTranslation('calls');
  const m = useMessages();
  const documentTitle = t('page.documentTitle');

  useEffect(() => {
    if (state.phase !== 'ended') document.title = documentTitle;
  }, [documentTitle, state.phase]);

  useEffect(() => {
    void session.start();
    const leave = () => session.dispose();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      session.dispose();
    };
  }, [session]);

  if (state.phase === 'ended') return <EndedScreen title={state.endedTitle} />;

  const inCall = state.phase === 'connecting' || state.phase === 'connected';
  const act = (fn: () => Promise<void>) => () => void fn().catch((err: unknown) => console.warn('call control', err));
  const peerName = state.peer?.name ?? t('page.otherPerson');

  return (
    <Box
      component="main"
      aria-label={t('page.label')}
      sx={{ position: 'relative', height: '100dvh', overflow: 'hidden', bgcolor: '#0b0b0f', color: 'common.white' }}
    >
      {/* Remote video fills the window; the remote's state shows over it. */}
      <Box sx={{ position: 'absolute', inset: 0 }}>
        {inCall && <VideoOf stream={state.remoteStream} muted label={t('page.videoOf', { name: peerName })} />}
        <RemoteAudio stream={state.remoteStream} />
      </Box>
      {(!inCall || state.phase === 'connecting' || !state.remote.videoOn) && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: '#0b0b0f' }}>
          {inCall && state.phase === 'connected' ? (
            <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar src={state.peer?.avatar ?? undefined} alt={peerName} sx={{ width: 96, height: 96 }}>
                {peerName.charAt(0).toUpperCase()}
              </Avatar>
              <Typography>{t('page.cameraOff')}</Typography>
            </Stack>
          ) : (
            <PeerPanel state={state} />
          )}
        </Box>
      )}

      {/* Top bar: who, quality, the remote's toggles, healing. */}
      <Stack
        direction="row"
        spacing={1}

        sx={{
          alignItems: 'center',
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          p: 1.5,
          flexWrap: 'wrap',
          gap: 1,
          zIndex: 2,
        }}
      >
        {inCall && (
          <Typography noWrap sx={{ fontWeight: 700, textShadow: '0 1px 2px #000', mr: 1 }}>
            {state.peer?.name}
          </Typography>
        )}
        {state.phase === 'connected' && state.connectedAt !== null && <CallTimer since={state.connectedAt} />}
        {inCall && <QualityBadge quality={state.quality} iceRestarts={state.iceRestarts} signaling={state.signaling} />}
        {inCall && !state.remote.audioOn && (
          <Chip
            size="small"
            icon={<MicOff />}
            label={t('page.muted', { name: peerName })}
            color="warning"
            sx={darkOnColour}
          />
        )}
        {inCall && state.remote.screenSharing && (
          <Chip
            size="small"
            icon={<ScreenShare />}
            label={t('page.sharing', { name: peerName })}
            color="info"
            sx={darkOnColour}
          />
        )}
        {state.reconnecting && inCall && (
          <Chip
            size="small"
            role="status"
            icon={<CircularProgress size={12} color="inherit" aria-hidden />}
            label={m.CallTexts.reconnecting}
            color="warning"
            sx={darkOnColour}
          />
        )}
      </Stack>
      {state.mediaError && (
        <Typography
          role="alert"
          variant="body2"
          sx={{ position: 'absolute', top: 56, left: 12, right: 12, textAlign: 'center', color: 'warning.light' }}
        >
          {t(`media.${state.mediaError}`)}
        </Typography>
      )}

      {/* Local preview: 4:3 at 768 px or less, otherwise 16:9. */}
      <Box
        data-aspect={narrow ? '4:3' : '16:9'}
        sx={{
          position: 'absolute',
          right: 12,
          bottom: 88,
          width: { xs: 120, sm: 200 },
          aspectRatio: narrow ? '4 / 3' : '16 / 9',
          borderRadius: 2,
          overflow: 'hidden',
          boxShadow: 6,
          border: '2px solid rgba(255,255,255,0.4)',
          bgcolor: 'black',
          zIndex: 2,
        }}
      >
        <VideoOf stream={state.localStream} muted label={t('page.yourVideo')} />
        {!state.isVideo && !state.isScreenSharing && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              fontSize: 12,
              textAlign: 'center',
              p: 0.5,
              overflowWrap: 'anywhere',
            }}
          >
            {t('page.yourCameraOff')}
          </Box>
        )}
      </Box>

      {/* Controls */}
      <Stack
        direction="row"
        spacing={{ xs: 1.5, sm: 2 }}

        role="toolbar"
        aria-label={t('controls.label')}
        sx={{ justifyContent: 'center', position: 'absolute', bottom: 0, left: 0, right: 0, p: 2, zIndex: 2 }}
      >
        <Control
          label={state.isMuted ? t('controls.unmute') : t('controls.mute')}
          pressed={state.isMuted}
          onClick={act(() => session.toggleMute())}
        >
          {state.isMuted ? <MicOff /> : <Mic />}
        </Control>
        <Control
          label={state.isVideo ? t('controls.cameraOff') : t('controls.cameraOn')}
          pressed={!state.isVideo}
          onClick={act(() => session.toggleVideo())}
        >
          {state.isVideo ? <Videocam /> : <VideocamOff />}
        </Control>
        <Control
          label={state.isScreenSharing ? t('controls.stopShare') : t('controls.share')}
          pressed={state.isScreenSharing}
          onClick={act(() => session.toggleScreenShare())}
        >
          {state.isScreenSharing ? <StopScreenShare /> : <ScreenShare />}
        </Control>
        <Control
          label={t('controls.devices')}
          onClick={() => {
            setDevicesOpen(true);
            void session.refreshDevices();
          }}
        >
          <SettingsOutlined />
        </Control>
        <Control label={t('controls.end')} danger onClick={() => session.hangUp()}>
          <CallEnd />
        </Control>
      </Stack>

      <DeviceDialog
        open={devicesOpen}
        onClose={() => setDevicesOpen(false)}
        state={state}
        onSelect={(kind, id) => void session.selectDevice(kind, id).catch(() => undefined)}
      />
    </Box>
  );
}
