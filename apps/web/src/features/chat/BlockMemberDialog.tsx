/**
 * "Block User" in a group (issue 37): the spec shows it in every chat's menu; in a group it first asks
 * which member (everyone but oneself), then the usual block confirmation. The group stays: a block there
 * hides presence and typing between the two and stops new direct messages (the server's rules).
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@sajha/contract';
import { useAuth } from '../../lib/auth';
import { BlockDialog } from '../people';
import { useGroupInfo } from './queries';

export function BlockMemberDialog({ chatId, open, onClose }: { chatId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['chat', 'common']);
  const { user } = useAuth();
  const group = useGroupInfo(chatId, open);
  const [target, setTarget] = useState<string | null>(null);
  const others = (group.data?.members ?? []).filter((m) => m.uid !== user?.uid);
  return (
    <>
      <Dialog
        open={open && target === null}
        onClose={onClose}
        aria-labelledby="block-member-title"
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: LAYOUT.dialogMaxWidth } } }}
      >
        <DialogTitle id="block-member-title">{t('blockMember.title')}</DialogTitle>
        <DialogContent>
          {group.isPending ? (
            <CircularProgress aria-label={t('blockMember.loading')} />
          ) : (
            <List aria-label={t('blockMember.members')}>
              {others.map((m) => (
                <ListItem key={m.uid} disablePadding>
                  <ListItemButton onClick={() => setTarget(m.username)}>
                    <ListItemAvatar>
                      <Avatar src={m.avatar ?? undefined} alt="">
                        {m.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText primary={m.name} secondary={`@${m.username}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
        </DialogActions>
      </Dialog>
      {target !== null && (
        <BlockDialog
          username={target}
          open
          onClose={() => {
            setTarget(null);
            onClose();
          }}
        />
      )}
    </>
  );
}
