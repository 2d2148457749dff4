/**
 * "Edit Group" (part 2's chat menu; issue 16): the group's name and members. The creator renames, adds
 * (searching members by name) and removes; every member may leave. The server decides (it refuses
 * anyone else) and announces each change in the chat; `group_info` keeps an open dialog current.
 * useGroupUpdates() refreshes the list when a group changes or this member is no longer in one.
 */
import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Events, LIMITS, Messages, type Ack, type GroupInfo } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { emitFresh } from '../../lib/emitFresh';

type Answer<T> = { ok: true; data?: T } | { ok: false; error: string };
interface Found {
  uid: string;
  fullname: string;
  username: string;
  profile_pic: string | null;
}

/** Keeps the chat list right after group changes: renamed, members changed, or this member is out. */
export function useGroupUpdates(): void {
  const { socket } = useRealtime();
  useEffect(() => {
    if (!socket) return;
    // A change the server just announced: asked for even if the list was asked for moments ago (a
    // rename and then a removal within 500 ms), which the double-click guard would otherwise drop.
    const refresh = () => emitFresh(socket, Events.getChats);
    socket.on(Events.groupInfo, refresh);
    socket.on(Events.chatRemoved, refresh);
    return () => {
      socket.off(Events.groupInfo, refresh);
      socket.off(Events.chatRemoved, refresh);
    };
  }, [socket]);
}

export function GroupDialog({
  chatId,
  meId,
  open,
  onClose,
}: {
  chatId: string;
  meId: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { socket } = useRealtime();
  const [info, setInfo] = useState<GroupInfo | null>(null);
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);

  useEffect(() => {
    if (!socket || !open) return;
    const onInfo = (next: GroupInfo) => {
      if (next.chatId !== chatId) return;
      setInfo(next);
      setName(next.name);
    };
    socket.emit(Events.getGroup, chatId, (answer) => {
      const a = answer as Answer<GroupInfo>;
      if (a.ok && a.data) onInfo(a.data);
      else if (!a.ok) setError(a.error);
    });
    socket.on(Events.groupInfo, onInfo);
    return () => {
      socket.off(Events.groupInfo, onInfo);
    };
  }, [socket, open, chatId]);

  const creator = info !== null && info.creatorId === meId;
  const memberIds = new Set(info?.members.map((m) => m.uid));

  /** Sends one change; the answer is the group as it is now, or the server's refusal. */
  const change = (run: (done: Ack) => void) => {
    setError(null);
    run((a) => {
      if (!a.ok) setError(a.error);
      else if (a.data) setInfo(a.data as GroupInfo);
    });
  };

  const search = (text: string) => {
    setQuery(text);
    if (!socket || text.trim().length < LIMITS.searchMinChars) return setFound([]);
    socket.emit(Events.searchUser, text, (answer) => {
      const a = answer as Answer<Found[]>;
      if (a.ok && a.data) setFound(a.data);
    });
  };

  const leave = () =>
    socket?.emit(Events.leaveGroup, chatId, (answer) => {
      if (answer.ok) onClose();
      else setError(answer.error);
    });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="group-dialog-title">
      <DialogTitle id="group-dialog-title">{Messages.chat.editGroup}</DialogTitle>
      <DialogContent>
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
            {error}
          </Typography>
        )}
        {creator ? (
          <Box
            component="form"
            sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              change((done) => socket?.emit(Events.renameGroup, { chatId, name }, done));
            }}
          >
            <TextField
              label={Messages.chat.groupNameLabel}
              value={name}
              onChange={(e) => setName(e.target.value)}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <Button type="submit" variant="contained" disabled={!name.trim() || name.trim() === info?.name}>
              Save
            </Button>
          </Box>
        ) : (
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {info?.name}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Members
        </Typography>
        <List dense aria-label="Group members">
          {info?.members.map((m) => (
            <ListItem
              key={m.uid}
              secondaryAction={
                creator && m.uid !== meId ? (
                  <Button
                    size="small"
                    aria-label={`${Messages.chat.removeMember} ${m.name}`}
                    onClick={() =>
                      change((done) => socket?.emit(Events.removeGroupMember, { chatId, uid: m.uid }, done))
                    }
                  >
                    {Messages.chat.removeMember}
                  </Button>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <Avatar src={m.avatar ?? undefined} alt={m.name}>
                  {m.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={m.name} secondary={m.uid === info.creatorId ? 'Creator' : `@${m.username}`} />
            </ListItem>
          ))}
        </List>
        {creator && (
          <>
            <TextField
              label={Messages.chat.addMembers}
              value={query}
              onChange={(e) => search(e.target.value)}
              size="small"
              fullWidth
              sx={{ mt: 1 }}
            />
            <List dense aria-label="Members to add">
              {found
                .filter((f) => !memberIds.has(f.uid))
                .map((f) => (
                  <ListItem
                    key={f.uid}
                    secondaryAction={
                      <Button
                        size="small"
                        aria-label={`Add ${f.fullname}`}
                        onClick={() =>
                          change((done) => socket?.emit(Events.addGroupMembers, { chatId, userIds: [f.uid] }, done))
                        }
                      >
                        Add
                      </Button>
                    }
                  >
                    <ListItemText primary={f.fullname} secondary={`@${f.username}`} />
                  </ListItem>
                ))}
            </List>
          </>
        )}
        {confirmLeave && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {Messages.chat.leaveGroupConfirm}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {confirmLeave ? (
          <>
            <Button onClick={() => setConfirmLeave(false)}>Cancel</Button>
            <Button color="error" variant="contained" onClick={leave}>
              {Messages.chat.leaveGroup}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={() => setConfirmLeave(true)}>
              {Messages.chat.leaveGroup}
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
