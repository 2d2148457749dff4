/** A small call-quality badge from getStats: received bitrate, packet loss and round trip. */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import type { Quality } from './media';

const COLORS = { good: 'success', fair: 'warning', poor: 'error' } as const;
const WORDS = { good: 'Good', fair: 'Fair', poor: 'Poor' } as const;

export function QualityBadge({
  quality,
  iceRestarts,
  signaling,
}: {
  quality: Quality | null;
  iceRestarts: number;
  signaling: string;
}) {
  if (!quality) return null;
  const detail = `${quality.kbps} kbps · ${quality.lossPct}% loss · ${quality.rttMs ?? '–'} ms`;
  return (
    <Tooltip title={`Connection: ${detail}${quality.path === 'relay' ? ' · via relay' : ''}`}>
      <Chip
        size="small"
        icon={<SignalCellularAlt />}
        color={COLORS[quality.level]}
        label={`${WORDS[quality.level]} · ${detail}`}
        aria-label={`Call quality ${WORDS[quality.level]}: ${detail}`}
        data-testid="call-quality"
        data-frames-decoded={quality.framesDecoded}
        data-path={quality.path ?? ''}
        data-ice-restarts={iceRestarts}
        data-signaling={signaling}
      />
    </Tooltip>
  );
}
