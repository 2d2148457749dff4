/**
 * "Edit Group" (part 2's chat menu; issue 16): the group's name and members. The creator renames, adds
 * (searching members by name) and removes; every member may leave. The server decides (it refuses
 * anyone else) and announces each change in the chat; `group_info` keeps an open dialog current (the
 * group is a query, queries.ts). useGroupUpdates() refreshes the list when a group changes or this member
 * is no longer in one.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
import { useTranslation } from 'react-i18next';
import { Events, type AckAnswer } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { emitFresh } from '../../lib/emitFresh';
import { useConnectedSocket, useRealtime } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { putGroup, useGroupInfo, useUserSearch } from './queries';

/** The group changes all answer the group as it is now (group_info's payload). */
type Change = (done: (answer: AckAnswer<typeof Events.renameGroup>) => void) => void;

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
  const { t } = useTranslation(['chat', 'common']);
  const m = useMessages();
  const localize = useLocalize();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const group = useGroupInfo(chatId, open);
  const info = group.data ?? null;
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const found = useUserSearch(query).data ?? [];
  const [changeError, setChangeError] = useState<string | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  // The server's refusals are English catalogue texts: shown in the member's language.
  const error = changeError ?? (group.error ? errorMessage(group.error, m.Messages.server.internal) : null);

  // The name box follows the group's name as it comes (a rename here or by the creator elsewhere).
  useEffect(() => {
    if (info) setName(info.name);
  }, [info]);
  useSocketEvents({
    [Events.groupInfo]: (next) => {
      if (next.chatId === chatId) putGroup(client, next);
    },
  });

  const creator = info !== null && info.creatorId === meId;
  const memberIds = new Set(info?.members.map((m) => m.uid));

  /** Sends one change; the answer is the group as it is now, or the server's refusal. */
  const change = (run: Change) => {
    setChangeError(null);
    run((a) => {
      if (!a.ok) setChangeError(a.error);
      else putGroup(client, a.data);
    });
  };

  const search = (text: string) => setQuery(text);

  const leave = () =>
    socket?.emit(Events.leaveGroup, chatId, (answer) => {
      if (answer.ok) onClose();
      else setChangeError(answer.error);
    });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="group-dialog-title">
      <DialogTitle id="group-dialog-title">{m.Messages.chat.editGroup}</DialogTitle>
      <DialogContent>
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
            {localize(error)}
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
              label={m.Messages.chat.groupNameLabel}
              value={name}
              onChange={(e) => setName(e.target.value)}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <Button type="submit" variant="contained" disabled={!name.trim() || name.trim() === info?.name}>
              {t('common:save')}
            </Button>
          </Box>
        ) : (
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {info?.name}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('group.members')}
        </Typography>
        <List dense aria-label={t('group.membersLabel')}>
          {info?.members.map((member) => (
            <ListItem
              key={member.uid}
              secondaryAction={
                creator && member.uid !== meId ? (
                  <Button
                    size="small"
                    aria-label={t('group.remove', { name: member.name })}
                    onClick={() =>
                      change((done) => socket?.emit(Events.removeGroupMember, { chatId, uid: member.uid }, done))
                    }
                  >
                    {m.Messages.chat.removeMember}
                  </Button>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <Avatar src={member.avatar ?? undefined} alt={member.name}>
                  {member.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={member.name}
                secondary={
                  member.uid === info.creatorId ? t('group.creator') : t('group.handle', { username: member.username })
                }
              />
            </ListItem>
          ))}
        </List>
        {creator && (
          <>
            <TextField
              label={m.Messages.chat.addMembers}
              value={query}
              onChange={(e) => search(e.target.value)}
              size="small"
              fullWidth
              sx={{ mt: 1 }}
            />
            <List dense aria-label={t('group.toAdd')}>
              {found
                .filter((f) => !memberIds.has(f.uid))
                .map((f) => (
                  <ListItem
                    key={f.uid}
                    secondaryAction={
                      <Button
                        size="small"
                        aria-label={t('group.addNamed', { name: f.fullname })}
                        onClick={() =>
                          change((done) => socket?.emit(Events.addGroupMembers, { chatId, userIds: [f.uid] }, done))
                        }
                      >
                        {t('group.add')}
                      </Button>
                    }
                  >
                    <ListItemText primary={f.fullname} secondary={t('group.handle', { username: f.username })} />
                  </ListItem>
                ))}
            </List>
          </>
        )}
        {confirmLeave && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {m.Messages.chat.leaveGroupConfirm}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {confirmLeave ? (
          <>
            <Button onClick={() => setConfirmLeave(false)}>{t('common:cancel')}</Button>
            <Button color="error" variant="contained" onClick={leave}>
              {m.Messages.chat.leaveGroup}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={() => setConfirmLeave(true)}>
              {m.Messages.chat.leaveGroup}
            </Button>
            <Button onClick={onClose}>{t('common:close')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
