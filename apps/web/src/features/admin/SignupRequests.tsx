/**
 * Requests to join (approval mode), oldest first: who, their email, when they asked, whether they have
 * verified their email yet, and why they want to join; Approve lets them sign in (they are mailed) and
 * Reject keeps them out (sign-in tells them). Rejected requests can be looked at again and approved.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Quote } from './Quote';
import type { SignupRequestDto } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { ListSkeleton, LoadError } from './AdminPage';
import { Section } from './SignupSection';
import { useSignupCalls, useSignupRequests, type RequestStatus } from './signupsApi';
import { useVocabulary } from './vocabulary';

function RequestCard({ request }: { request: SignupRequestDto }) {
  const v = useVocabulary();
  const { t } = v;
  const toast = useToast();
  const { decide } = useSignupCalls();
  const [busy, setBusy] = useState(false);
  const headingId = `request-${request.id}`;
  const act = async (approve: boolean) => {
    setBusy(true);
    const done = await decide(request.id, approve);
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
  };
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {request.name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          @{request.username}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {request.email}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('signups.requests.asked', { date: v.when(request.at) })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={request.emailVerified ? 'success' : 'default'}
          label={request.emailVerified ? t('signups.requests.emailVerified') : t('signups.requests.emailNotVerified')}
        />
      </Box>
      <Typography variant="subtitle2" component="p">
        {t('signups.requests.why')}
      </Typography>
      <Quote sx={{ mb: 2 }}>{request.why}</Quote>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy} onClick={() => void act(true)}>
          {t('signups.requests.approve')}
        </Button>
        {request.status === 'pending' ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void act(false)}>
            {t('signups.requests.reject')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

export function SignupRequests() {
  const { t } = useVocabulary();
  const [status, setStatus] = useState<RequestStatus>('pending');
  const requests = useSignupRequests(status);
  return (
    <Section id="signup-requests" title={t('signups.requests.title')}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_, value: RequestStatus | null) => value && setStatus(value)}
        aria-label={t('signups.requests.which')}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="pending">{t('signups.requests.pending')}</ToggleButton>
        <ToggleButton value="rejected">{t('signups.requests.rejected')}</ToggleButton>
      </ToggleButtonGroup>
      {requests.isError && <LoadError error={requests.error} />}
      {!requests.data ? (
        !requests.isError && <ListSkeleton rows={2} height={120} />
      ) : requests.data.length === 0 ? (
        <Typography color="text.secondary">
          {status === 'pending' ? t('signups.requests.nonePending') : t('signups.requests.noneRejected')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {requests.data.map((r) => (
            <RequestCard key={r.id} request={r} />
          ))}
        </Box>
      )}
    </Section>
  );
}
