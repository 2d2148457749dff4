/** Account deletion asks for the password; on success the member is signed out and leaves. */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Messages, Routes, SettingsText } from '@sajha/contract';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { call } from '../../lib/http';

export function DeleteAccountDialog(props: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await call(Routes.accountDelete, { body: { password } });
      if (res.ok && res.data.success) {
        await auth.refresh();
        void navigate('/', { replace: true });
        return;
      }
      setError(res.data.message ?? Messages.server.internal);
    } catch {
      setError(Messages.server.internal);
    }
    setBusy(false);
  };

  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} aria-labelledby="delete-account-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>This cannot be undone. Enter your password to confirm.</DialogContentText>
          {!props.hasPassword && <Alert severity="info">{SettingsText.passwordNeeded}</Alert>}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy || !password}>
            Delete account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
