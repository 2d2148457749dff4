/** "Block User": asks once, then blocks. Used by the chat menu and the profile header. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PeopleMessages } from '@sajha/contract';
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
      <DialogTitle id="block-title">Block User</DialogTitle>
      <DialogContent>
        <DialogContentText>{PeopleMessages.blockConfirm(username)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
          Block
        </Button>
      </DialogActions>
    </Dialog>
  );
}
