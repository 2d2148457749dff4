import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMessages } from '../i18n/language';

export function LogoutDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { Messages } = useMessages();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title" aria-describedby="logout-text">
      <DialogTitle id="logout-title">{Messages.logout.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-text">{Messages.logout.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{Messages.logout.cancel}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" autoFocus>
          {Messages.logout.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
