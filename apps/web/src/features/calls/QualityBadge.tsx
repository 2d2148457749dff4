/**
 * The call's running time, and its quality as one word (Good, Fair, Poor); the raw figures from getStats
 * (received bitrate, packet loss, round trip, relayed or not) wait behind an info button.
 */
import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import { useTranslation } from 'react-i18next';
import { useFormat, withDigits } from '../../i18n/format';
import type { Quality } from './media';

const COLORS = { good: 'success', fair: 'warning', poor: 'error' } as const;

/** 0:07, 12:34, 1:02:03. */
export function callDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** Time since the call connected, ticking every second. */
export function CallTimer({ since }: { since: number }) {
  const { t } = useTranslation('calls');
  const f = useFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const shown = withDigits(callDuration(now - since), f.prefs.digits);
  return (
    <Typography
      role="timer"
      aria-label={t('timer.aria', { time: shown })}
      data-testid="call-timer"
      sx={{ fontVariantNumeric: 'tabular-nums', textShadow: '0 1px 2px #000' }}
    >
      {shown}
    </Typography>
  );
}

export function QualityBadge({
  quality,
  iceRestarts,
  signaling,
}: {
  quality: Quality | null;
  iceRestarts: number;
  signaling: string;
}) {
  const { t } = useTranslation('calls');
  const f = useFormat();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!quality) return null;
  const plain = (n: number) => f.number(n, { useGrouping: false, maximumFractionDigits: 1 });
  const detail = t('quality.detail', {
    kbps: plain(quality.kbps),
    loss: plain(quality.lossPct),
    rtt: quality.rttMs === null ? '–' : plain(quality.rttMs),
  });
  const level = t(`quality.${quality.level}`);
  return (
    <>
      <Chip
        size="small"
        icon={<SignalCellularAlt />}
        color={COLORS[quality.level]}
        label={level}
        aria-label={t('quality.levelAria', { level })}
        data-testid="call-quality"
        data-frames-decoded={quality.framesDecoded}
        data-path={quality.path ?? ''}
        data-ice-restarts={iceRestarts}
        data-signaling={signaling}
      />
      <IconButton
        size="small"
        aria-label={t('quality.details')}
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ color: 'common.white' }}
      >
        <InfoOutlined fontSize="small" />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Typography variant="body2" sx={{ p: 1.5 }} data-testid="call-quality-detail">
          {t(quality.path === 'relay' ? 'quality.tooltipRelay' : 'quality.tooltip', { detail })}
        </Typography>
      </Popover>
    </>
  );
}
