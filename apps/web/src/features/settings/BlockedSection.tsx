/** Blocked members (issue 11's events): getBlocked -> blockedUsers; Unblock sends unblockUser {username}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Messages } from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { settingsKeys, unblock, useBlockedMembers } from './queries';

export function BlockedSection() {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  // A list that never came (an older server, a timeout) shows as empty rather than a skeleton forever.
  const { data, isError } = useBlockedMembers();
  const rows = data ?? (isError ? [] : null);
  const { mutate: unblockMember } = useMutation({
    mutationFn: (username: string) => {
      if (!socket) throw new Error(Messages.server.internal);
      return unblock(socket, username);
    },
    onSuccess: (message) => toast.show({ message, type: 'success' }),
    onError: (error) => toast.show({ message: errorMessage(error, Messages.server.internal), type: 'error' }),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.blocked }),
  });

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
                <Button size="small" onClick={() => unblockMember(r.username)}>
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
