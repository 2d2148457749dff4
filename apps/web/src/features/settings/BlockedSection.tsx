/** Blocked members (issue 11's events): getBlocked -> blockedUsers; Unblock sends unblockUser {username}. */
import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Events, type ServerEventPayload } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';

type Row = ServerEventPayload<typeof Events.blockedUsers>[number];

export function BlockedSection() {
  const { socket, connected } = useRealtime();
  const toast = useToast();
  const [rows, setRows] = useState<Row[] | null>(null);

  useSocketEvents({
    [Events.blockedUsers]: (list: Row[]) => setRows(list),
    [Events.blockResult]: ({ success, message }) => {
      toast.show({ message, type: success ? 'success' : 'error' });
      socket?.emit(Events.getBlocked);
    },
  });
  useEffect(() => {
    if (!socket || !connected) return;
    socket.emit(Events.getBlocked);
    // Without an answer (an older server), show the empty state rather than a skeleton forever.
    const fallback = window.setTimeout(() => setRows((r) => r ?? []), 4000);
    return () => window.clearTimeout(fallback);
  }, [socket, connected]);

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Blocked members
      </Typography>
      {!rows ? (
        <Skeleton height={56} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">You have not blocked anyone.</Typography>
      ) : (
        <List aria-label="Blocked members">
          {rows.map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                <Button size="small" onClick={() => socket?.emit(Events.unblockUser, { username: r.username })}>
                  Unblock
                </Button>
              }
            >
              <ListItemAvatar>
                <Avatar src={r.avatar ?? undefined} alt={r.name}>
                  {r.name.slice(0, 1)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={r.name} secondary={`@${r.username}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
