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
import { useTranslation } from 'react-i18next';
import { useLocalize, useMessages } from '../../i18n/language';
import { useConnectedSocket } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { settingsKeys, unblock, useBlockedMembers } from './queries';

export function BlockedSection() {
  const { t } = useTranslation('settings');
  const m = useMessages();
  // The socket's answers come in English: in the page's language.
  const localize = useLocalize();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  // A list that never came (an older server, a timeout) shows as empty rather than a skeleton forever.
  const { data, isError } = useBlockedMembers();
  const rows = data ?? (isError ? [] : null);
  const { mutate: unblockMember } = useMutation({
    mutationFn: (username: string) => {
      if (!socket) throw new Error(m.Messages.server.internal);
      return unblock(socket, username);
    },
    onSuccess: (message) => toast.show({ message: localize(message), type: 'success' }),
    onError: (error) =>
      toast.show({ message: localize(errorMessage(error, m.Messages.server.internal)), type: 'error' }),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.blocked }),
  });

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('blocked.title')}
      </Typography>
      {!rows ? (
        <Skeleton height={56} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('blocked.empty')}</Typography>
      ) : (
        <List aria-label={t('blocked.title')}>
          {rows.map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                <Button size="small" onClick={() => unblockMember(r.username)}>
                  {t('blocked.unblock')}
                </Button>
              }
              // Room for the button, whose text runs longer in some languages.
              sx={{ pr: 18 }}
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
