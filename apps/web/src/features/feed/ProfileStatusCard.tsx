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
import { Messages } from '@sajha/contract';
import type { ProfileStatus } from './queries';

const ITEMS: { key: keyof Omit<ProfileStatus, 'hide_profile_status'>; label: string; to: string }[] = [
  { key: 'setprofilepic', label: 'Add a profile picture', to: '/settings/account' },
  { key: 'setname', label: 'Set your name', to: '/settings/account' },
  { key: 'completedPersonalInformation', label: 'Complete your personal information', to: '/settings/personal' },
  { key: 'setsocials', label: 'Add your social links', to: '/settings/social' },
];

export function statusMessage(percent: number): string {
  if (percent >= 100) {
    const all = Messages.profileStatus.complete;
    return all[Math.floor(Math.random() * all.length)]!;
  }
  if (percent >= 66) return Messages.profileStatus.high;
  if (percent >= 33) return Messages.profileStatus.medium;
  return Messages.profileStatus.low;
}

export function ProfileStatusCard({ status, onHide }: { status: ProfileStatus | null; onHide: () => void }) {
  const done = status ? ITEMS.filter((i) => status[i.key]).length : 0;
  const percent = Math.round((done / ITEMS.length) * 100);
  const message = useMemo(() => statusMessage(percent), [percent]);
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
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} aria-label="Profile status">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          Profile status
        </Typography>
        <Typography variant="subtitle2" color="primary">
          {percent}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Profile ${percent}% complete`}
        sx={{ my: 1.5, height: 8, borderRadius: 1 }}
      />
      <Alert severity={percent === 100 ? 'success' : 'warning'} sx={{ mb: 1.5 }}>
        {message}
      </Alert>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {ITEMS.map((i) => (
          <Box component="li" key={i.key} sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center' }}>
            {status[i.key] ? (
              <CheckCircle color="success" fontSize="small" aria-label="done" />
            ) : (
              <RadioButtonUnchecked color="disabled" fontSize="small" aria-label="to do" />
            )}
            <Link
              component={RouterLink}
              to={i.to}
              underline="hover"
              color={status[i.key] ? 'text.secondary' : 'text.primary'}
            >
              {i.label}
            </Link>
          </Box>
        ))}
      </Box>
      <Button size="small" onClick={onHide} sx={{ mt: 1.5 }}>
        Hide
      </Button>
    </Paper>
  );
}
