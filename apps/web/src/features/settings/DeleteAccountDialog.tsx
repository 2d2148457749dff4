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
import { Routes } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMessages } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { call } from '../../lib/http';

export function DeleteAccountDialog(props: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
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
      setError(res.data.message ?? m.Messages.server.internal);
    } catch {
      setError(m.Messages.server.internal);
    }
    setBusy(false);
  };

  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} aria-labelledby="delete-account-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="delete-account-title">{t('deleteDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('deleteDialog.text')}</DialogContentText>
          {!props.hasPassword && <Alert severity="info">{m.SettingsText.passwordNeeded}</Alert>}
          <TextField
            label={t('deleteDialog.password')}
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
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy || !password}>
            {t('deleteDialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
