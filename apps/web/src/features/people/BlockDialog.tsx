/** "Block User": asks once, then blocks. Used by the chat menu and the profile header. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
import { useBlock } from './relations';

export function BlockDialog({
  username,
  open,
  onClose,
  onBlocked,
}: {
  username: string;
  open: boolean;
  onClose: () => void;
  onBlocked?: () => void;
}) {
  const block = useBlock();
  const { t } = useTranslation(['people', 'common']);
  const m = useMessages();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await block(username, true);
    setBusy(false);
    onClose();
    if (done) onBlocked?.();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" aria-labelledby="block-title">
      <DialogTitle id="block-title">{t('block.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{m.PeopleMessages.blockConfirm(username)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
          {t('block.block')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
