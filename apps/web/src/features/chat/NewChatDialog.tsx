/**
 * New conversation or group (part 2 §5, §9): at most 400 px wide; the search runs after a 500 ms
 * pause and only for more than 2 characters; a group needs a name and at least 2 members.
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS, LAYOUT, LIMITS } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useDebounced } from '../../lib/useDebounced';
import { useUserSearch } from './queries';

interface Found {
  uid: string;
  fullname: string;
  profile_pic: string | null;
  username: string;
}

export function NewChatDialog({
  open,
  onClose,
  onDirect,
  onGroup,
}: {
  open: boolean;
  onClose: () => void;
  onDirect: (uid: string) => void;
  onGroup: (name: string, userIds: string[]) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormat();
  const [tab, setTab] = useState<'direct' | 'group'>('direct');
  const [query, setQuery] = useState('');
  const [groupName, setGroupName] = useState('');
  const [picked, setPicked] = useState<Found[]>([]);
  const settled = useDebounced(query, DURATIONS_MS.searchDebounce);
  const found = useUserSearch(settled).data;
  const results: Found[] = query.trim().length < LIMITS.searchMinChars ? [] : (found ?? []);
  const close = () => {
    setQuery('');
    setGroupName('');
    setPicked([]);
    onClose();
  };
  const toggle = (u: Found) =>
    setPicked((list) => (list.some((p) => p.uid === u.uid) ? list.filter((p) => p.uid !== u.uid) : [...list, u]));
  const canCreate = groupName.trim().length > 0 && picked.length >= LIMITS.groupMinMembers;
  const shown = tab === 'group' ? [...picked, ...results.filter((r) => !picked.some((p) => p.uid === r.uid))] : results;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="new-chat-title"
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: LAYOUT.dialogMaxWidth } } }}
    >
      <DialogTitle id="new-chat-title">
        {tab === 'direct' ? t('newChat.titleDirect') : t('newChat.titleGroup')}
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, v: 'direct' | 'group') => setTab(v)}
        variant="fullWidth"
        // Inside the dialog's 24 px padding, like its title and fields.
        sx={{ mx: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="direct" label={t('newChat.direct')} />
        <Tab value="group" label={t('newChat.group')} />
      </Tabs>
      <DialogContent sx={{ pt: 2 }}>
        {tab === 'group' && (
          <TextField
            label={t('newChat.groupName')}
            value={groupName}
            onChange={(e) => setGroupName(e.target.value)}
            fullWidth
            size="small"
            sx={{ mt: 1, mb: 2 }}
            required
          />
        )}
        <TextField
          label={t('newChat.search')}
          placeholder={t('newChat.searchHint')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          fullWidth
          size="small"
          autoFocus
          sx={{ mt: tab === 'direct' ? 1 : 0 }}
        />
        <List dense aria-label={t('newChat.results')} sx={{ minHeight: 120 }}>
          {shown.map((u) => {
            const who = (
              <>
                <ListItemAvatar>
                  <Avatar src={u.profile_pic ?? undefined} alt="">
                    {u.fullname.slice(0, 1).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={u.fullname} secondary={t('newChat.handle', { username: u.username })} />
              </>
            );
            return (
              <ListItem key={u.uid} disablePadding>
                {tab === 'group' ? (
                  // A group's members are checkboxes (the row is the checkbox's label, not a button around it).
                  <FormControlLabel
                    sx={{
                      flex: 1,
                      mx: 0,
                      px: 2,
                      py: 0.5,
                      '& .MuiFormControlLabel-label': { display: 'flex', flex: 1, alignItems: 'center' },
                    }}
                    labelPlacement="start"
                    control={
                      <Checkbox
                        edge="end"
                        checked={picked.some((p) => p.uid === u.uid)}
                        onChange={() => toggle(u)}
                        slotProps={{ input: { 'aria-label': t('newChat.select', { name: u.fullname }) } }}
                      />
                    }
                    label={who}
                  />
                ) : (
                  <ListItemButton
                    onClick={() => {
                      onDirect(u.uid);
                      close();
                    }}
                  >
                    {who}
                  </ListItemButton>
                )}
              </ListItem>
            );
          })}
        </List>
        {tab === 'group' && (
          <Box sx={{ color: 'text.secondary', fontSize: 13 }}>
            {t('newChat.selected', {
              count: picked.length,
              n: f.number(picked.length),
              min: f.number(LIMITS.groupMinMembers),
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:cancel')}</Button>
        {tab === 'group' && (
          <Button
            variant="contained"
            disabled={!canCreate}
            onClick={() => {
              onGroup(
                groupName.trim(),
                picked.map((p) => p.uid),
              );
              close();
            }}
          >
            {t('newChat.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
