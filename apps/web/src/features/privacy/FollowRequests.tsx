/**
 * Follow requests (issue 38): who asked to follow the member's private account, newest first, each with
 * Approve and Decline. A row leaves once the server agrees, with its words shown. The friends page shows
 * this as its Requests tab (/friends/requests, where the "asked to follow you" notice links).
 */
import { PersonIdentity } from '../../lib/PersonIdentity';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FollowRequestDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useCurrentUser } from '../../lib/auth';
import { PrivacyRequestError, useAnswerFollowRequest, useFollowRequests } from './queries';

function RequestRow({ request }: { request: FollowRequestDto }) {
  const { t } = useTranslation('privacy');
  const f = useFormat();
  const { mutate: answer, isPending, variables } = useAnswerFollowRequest();
  const busy = isPending && variables.username === request.username;
  const to = `/u/${request.username}`;
  return (
    <ListItem
      aria-label={request.name}
      sx={{ gap: 1.5, px: { xs: 0.5, sm: 2 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      data-testid="follow-request"
    >
      <PersonIdentity name={request.name} avatar={request.avatar} to={to}>
        {`@${request.username} · `}
        <time dateTime={request.requestedAt}>{f.relative(request.requestedAt)}</time>
      </PersonIdentity>
      {/* On a phone the buttons take their own line under the name, so the name is not cut short. */}
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, width: { xs: '100%', sm: 'auto' }, pl: { xs: 7, sm: 0 } }}>
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={() => answer({ username: request.username, approve: true })}
          aria-label={t('requests.approveName', { name: request.name })}
        >
          {t('requests.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => answer({ username: request.username, approve: false })}
          aria-label={t('requests.declineName', { name: request.name })}
        >
          {t('requests.decline')}
        </Button>
      </Box>
    </ListItem>
  );
}

export function FollowRequests() {
  const { t } = useTranslation('privacy');
  const me = useCurrentUser();
  const { data: requests, error, refetch } = useFollowRequests();
  if (error) {
    return (
      <Box role="alert" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">
          {(error instanceof PrivacyRequestError && error.serverMessage) || t('requests.loadFailed')}
        </Typography>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </Box>
    );
  }
  if (!requests) {
    return (
      <List aria-label={t('requests.loading')} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <ListItem key={i} sx={{ gap: 1.5 }}>
            <Skeleton variant="circular" width={44} height={44} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="45%" />
              <Skeleton width="30%" />
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }
  if (requests.length === 0) {
    return (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('requests.empty')}</Typography>
        {me && !me.privateAccount && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('requests.publicHint')}{' '}
            <Link component={RouterLink} to="/settings/privacy">
              {t('requests.settings')}
            </Link>
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <List aria-label={t('requests.title')}>
      {requests.map((r) => (
        <RequestRow key={r.id} request={r} />
      ))}
    </List>
  );
}
