/**
 * Rows of members (part 2 §2 Friends): avatar and name open /u/{username}, "{n} mutual friends", and
 * Follow or Unfollow, optimistic: the row flips at once and flips back if the server says otherwise
 * (relations.ts; the rows are the cached lists, so every list showing the member flips with it).
 */
import { PersonIdentity } from '../../lib/PersonIdentity';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FriendRow } from '@sajha/contract';
import { useFormat, withDigits } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { useFollow, useFollowPending, type ListedMember } from './relations';

export function RowSkeletons({ count = 5 }: { count?: number }) {
  const { t } = useTranslation('people');
  return (
    <List aria-label={t('list.loading')} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <ListItem key={i} data-testid="friend-skeleton" sx={{ gap: 1.5 }}>
          <Skeleton variant="circular" width={44} height={44} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          <Skeleton variant="rounded" width={84} height={32} />
        </ListItem>
      ))}
    </List>
  );
}

function Row({ row, me }: { row: ListedMember; me: string | undefined }) {
  const follow = useFollow();
  const { t } = useTranslation('people');
  const m = useMessages();
  const f = useFormat();
  const busy = useFollowPending(row.username);
  const following = Boolean(row.following);
  // Asked a private member from this row (issue 38): the button takes the request back.
  const requested = !following && row.requested === true;
  const to = `/u/${row.username}`;
  const toggle = () => follow({ id: row.username, follow: !following && !requested, row });
  return (
    <ListItem sx={{ gap: 1.5, px: { xs: 0.5, sm: 2 } }} aria-label={row.name}>
      <PersonIdentity name={row.name} avatar={row.avatar} to={to}>
        {withDigits(m.PeopleMessages.mutual(row.mutual), f.prefs.digits)}
      </PersonIdentity>
      {row.username !== me && (
        <Button
          size="small"
          variant={following || requested ? 'outlined' : 'contained'}
          disabled={busy}
          onClick={toggle}
          aria-label={
            following
              ? t('list.unfollowName', { name: row.name })
              : requested
                ? t('list.withdrawName', { name: row.name })
                : t('list.followName', { name: row.name })
          }
          sx={{ flexShrink: 0, minWidth: 92 }}
        >
          {following ? t('list.unfollow') : requested ? t('list.requested') : t('list.follow')}
        </Button>
      )}
    </ListItem>
  );
}

export function FriendList({
  rows,
  me,
  label,
  empty,
}: {
  rows: FriendRow[];
  me: string | undefined;
  label: string;
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List aria-label={label}>
      {rows.map((r) => (
        <Row key={r.id} row={r} me={me} />
      ))}
    </List>
  );
}
