/** A small call-quality badge from getStats: received bitrate, packet loss and round trip. */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import type { Quality } from './media';

const COLORS = { good: 'success', fair: 'warning', poor: 'error' } as const;

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
  if (!quality) return null;
  const plain = (n: number) => f.number(n, { useGrouping: false, maximumFractionDigits: 1 });
  const detail = t('quality.detail', {
    kbps: plain(quality.kbps),
    loss: plain(quality.lossPct),
    rtt: quality.rttMs === null ? '–' : plain(quality.rttMs),
  });
  const level = t(`quality.${quality.level}`);
  return (
    <Tooltip title={t(quality.path === 'relay' ? 'quality.tooltipRelay' : 'quality.tooltip', { detail })}>
      <Chip
        size="small"
        icon={<SignalCellularAlt />}
        color={COLORS[quality.level]}
        label={t('quality.label', { level, detail })}
        aria-label={t('quality.aria', { level, detail })}
        data-testid="call-quality"
        data-frames-decoded={quality.framesDecoded}
        data-path={quality.path ?? ''}
        data-ice-restarts={iceRestarts}
        data-signaling={signaling}
      />
    </Tooltip>
  );
}
