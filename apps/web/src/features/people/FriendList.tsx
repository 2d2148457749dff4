/**
 * Rows of members (part 2 §2 Friends): avatar and name open /u/{username}, "{n} mutual friends", and
 * Follow or Unfollow, optimistic: the row flips at once and flips back if the server says otherwise.
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { FriendRow } from '@sajha/contract';
import { mutualLabel, useFollow } from './peopleApi';

export function RowSkeletons({ count = 5 }: { count?: number }) {
  return (
    <List aria-label="Loading" aria-busy="true">
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

function Row({ row, me, onChange }: { row: FriendRow; me: string | undefined; onChange?: (row: FriendRow) => void }) {
  const follow = useFollow();
  const [following, setFollowing] = useState(Boolean(row.following));
  const [busy, setBusy] = useState(false);
  const to = `/u/${row.username}`;
  const toggle = async () => {
    const next = !following;
    setFollowing(next);
    setBusy(true);
    const agreed = await follow(row.username, next);
    setBusy(false);
    if (!agreed) setFollowing(!next);
    else onChange?.({ ...row, following: next });
  };
  return (
    <ListItem sx={{ gap: 1.5, px: { xs: 0.5, sm: 2 } }} aria-label={row.name}>
      <Avatar
        src={row.avatar ?? undefined}
        alt={row.name}
        component={RouterLink}
        to={to}
        sx={{ width: 44, height: 44, textDecoration: 'none' }}
      >
        {row.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={to} underline="hover" color="text.primary" sx={{ fontWeight: 600 }} noWrap>
          {row.name}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {mutualLabel(row)}
        </Typography>
      </Box>
      {row.username !== me && (
        <Button
          size="small"
          variant={following ? 'outlined' : 'contained'}
          disabled={busy}
          onClick={() => void toggle()}
          aria-label={`${following ? 'Unfollow' : 'Follow'} ${row.name}`}
          sx={{ flexShrink: 0, minWidth: 92 }}
        >
          {following ? 'Unfollow' : 'Follow'}
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
  onChange,
}: {
  rows: FriendRow[];
  me: string | undefined;
  label: string;
  empty: string;
  onChange?: (row: FriendRow) => void;
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
        <Row key={`${r.id}:${String(r.following)}`} row={r} me={me} onChange={onChange} />
      ))}
    </List>
  );
}
