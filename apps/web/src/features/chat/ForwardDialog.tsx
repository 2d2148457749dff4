/**
 * Forward (issue 37): pick up to LIMITS.forwardChatsMax of one's chats (filtered by name as one types)
 * and send the message into each. The server checks every chat as a send of its own; the toast says
 * where it went and, for any chat that refused, why.
 */
import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { LAYOUT, LIMITS, type ChatDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';

export function ForwardDialog({
  open,
  chats,
  onClose,
  onForward,
}: {
  open: boolean;
  chats: ChatDto[];
  onClose: () => void;
  onForward: (chatIds: string[]) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormat();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const close = () => {
    setQuery('');
    setPicked([]);
    onClose();
  };
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    if (!q) return chats;
    return chats.filter(
      (c) => c.sender.name.toLocaleLowerCase().includes(q) || c.sender.username.toLocaleLowerCase().includes(q),
    );
  }, [chats, query]);
  const full = picked.length >= LIMITS.forwardChatsMax;
  const toggle = (id: string) =>
    setPicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="forward-title"
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: LAYOUT.dialogMaxWidth } } }}
    >
      <DialogTitle id="forward-title">{t('forward.title')}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <TextField
          label={t('forward.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          fullWidth
          size="small"
          autoFocus
          sx={{ mt: 1 }}
        />
        <Box
          role="group"
          aria-label={t('forward.chats')}
          sx={{ display: 'flex', flexDirection: 'column', mt: 1, minHeight: 120 }}
        >
          {shown.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('forward.none')}
            </Typography>
          )}
          {shown.map((c) => {
            const checked = picked.includes(c.id);
            return (
              <FormControlLabel
                key={c.id}
                sx={{ mx: 0, py: 0.5, gap: 1 }}
                control={<Checkbox checked={checked} disabled={!checked && full} onChange={() => toggle(c.id)} />}
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                    <Avatar src={c.sender.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                      {c.sender.type === 'group' ? (
                        <GroupsOutlined fontSize="small" />
                      ) : (
                        c.sender.name.slice(0, 1).toUpperCase()
                      )}
                    </Avatar>
                    <Typography noWrap>{c.sender.name}</Typography>
                  </Box>
                }
              />
            );
          })}
        </Box>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('forward.selected', {
            count: picked.length,
            n: f.number(picked.length),
            max: f.number(LIMITS.forwardChatsMax),
          })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:cancel')}</Button>
        <Button
          variant="contained"
          disabled={picked.length === 0}
          onClick={() => {
            onForward(picked);
            close();
          }}
        >
          {t('forward.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
