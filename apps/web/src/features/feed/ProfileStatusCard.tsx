/**
 * Profile completion (part 2 §3, §4, §9): a skeleton until the status arrives, then four items with a
 * percentage and its message (under 33 low, 33-65 medium, 66-99 high, 100 a random congratulation).
 * Hide sends hPS; on success the card goes away for good (useProfileStatus in queries.ts).
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import type { ProfileStatus } from './queries';

/** Each item's text is `status.items.<key>` in the feed catalogue. */
const ITEMS: { key: keyof Omit<ProfileStatus, 'hide_profile_status'>; to: string }[] = [
  { key: 'setprofilepic', to: '/settings/account' },
  { key: 'setname', to: '/settings/account' },
  { key: 'completedPersonalInformation', to: '/settings/personal' },
  { key: 'setsocials', to: '/settings/social' },
];

/** The message for `percent`, from the contract's texts `m`; `pick` (0 to 1) chooses among the congratulations. */
export function statusMessage(percent: number, m: Catalogue, pick = Math.random()): string {
  const texts = m.Messages.profileStatus;
  if (percent >= 100) {
    const all = texts.complete;
    return all[Math.min(all.length - 1, Math.floor(pick * all.length))]!;
  }
  if (percent >= 66) return texts.high;
  if (percent >= 33) return texts.medium;
  return texts.low;
}

export function ProfileStatusCard({ status, onHide }: { status: ProfileStatus | null; onHide: () => void }) {
  const { t } = useTranslation('feed');
  const m = useMessages();
  const f = useFormat();
  const done = status ? ITEMS.filter((i) => status[i.key]).length : 0;
  const percent = Math.round((done / ITEMS.length) * 100);
  // One congratulation per completion, the same when the language changes.
  const pick = useMemo(() => (percent >= 100 ? Math.random() : 0), [percent]);
  const message = statusMessage(percent, m, pick);
  const shownPercent = f.number(percent);
  if (!status) {
    return (
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} aria-busy="true">
        <Skeleton width="60%" />
        <Skeleton variant="rectangular" height={8} sx={{ my: 1.5, borderRadius: 1 }} />
        {ITEMS.map((i) => (
          <Skeleton key={i.key} />
        ))}
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, borderRadius: 3 }} aria-label={t('status.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('status.title')}
        </Typography>
        <Typography variant="subtitle2" color="primary">
          {t('status.percent', { percent: shownPercent })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('status.progress', { percent: shownPercent })}
        sx={{ my: 1.5, height: 8, borderRadius: 1 }}
      />
      <Alert severity={percent === 100 ? 'success' : 'warning'} sx={{ mb: 1.5 }}>
        {message}
      </Alert>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {ITEMS.map((i) => (
          <Box component="li" key={i.key} sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center' }}>
            {status[i.key] ? (
              <CheckCircle color="success" fontSize="small" aria-label={t('status.done')} />
            ) : (
              <RadioButtonUnchecked color="disabled" fontSize="small" aria-label={t('status.todo')} />
            )}
            <Link
              component={RouterLink}
              to={i.to}
              underline="hover"
              color={status[i.key] ? 'text.secondary' : 'text.primary'}
            >
              {t(`status.items.${i.key}`)}
            </Link>
          </Box>
        ))}
      </Box>
      <Button size="small" onClick={onHide} sx={{ mt: 1.5 }}>
        {t('status.hide')}
      </Button>
    </Paper>
  );
}
