/**
 * What other areas use of trust and safety: the report dialog (every "Report ..." entry), mute, the
 * muted-word gate and the sensitive-media veil (posts, comments, clips), the removed-by-moderators text,
 * and the Safety tab (settings).
 */
import { lazy } from 'react';

export { useReportDialog, type ReportTarget } from './ReportDialog';
export {
  SensitiveMedia,
  VeilOverlay,
  veiled,
  SENSITIVE_LABEL,
  useSensitiveLabel,
  useShowsSensitive,
} from './SensitiveMedia';
export { MutedWordGate, MutedWordNotice, useMutedWordHit } from './MutedWordGate';
export { RemovedText } from './RemovedText';
export { useIsMuted, useMuteMember } from './useMute';

/** Settings → Safety, loaded when opened. */
export const SafetyTab = /* @__PURE__ */ lazy(() => import('./SafetyTab'));
