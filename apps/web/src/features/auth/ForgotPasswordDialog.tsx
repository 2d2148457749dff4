/**
 * 'Forgot your password?' (part 1 §2, §4): asks for an email and requests a reset link. The server
 * always says yes so nobody can probe which addresses have accounts; after a request another one waits
 * 120 s. The dialog stays mounted while closed, so the cooldown survives closing and reopening it.
 * Ours: the request carries the bot check, which solves itself while the email is typed.
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DURATIONS_MS, LIMITS, Routes } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { usePublicConfig } from '../../lib/publicConfig';
import { postAuth } from './authApi';
import { useBotCheck } from './BotCheck';
import { NoticeAlert, type Notice } from './formHelpers';
import { formatCountdown, useCountdown } from './useCountdown';
import { emailError } from './validation';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Held by the sign-in page, so it can offer what its own email field holds. */
  email: string;
  onEmailChange: (email: string) => void;
}

export function ForgotPasswordDialog({ open, onClose, email, onEmailChange }: ForgotPasswordDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const m = useMessages();
  const f = useFormat();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const cooldown = useCountdown();
  const bot = useBotCheck(usePublicConfig()?.signup?.botCheck);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || cooldown.running) return;
    const problem = emailError(email, m);
    setError(problem);
    if (problem) return;
    setSending(true);
    setNotice(null);
    try {
      const res = await postAuth(Routes.requestPasswordReset, { email: email.trim(), altcha: await bot.take() });
      if (res.ok) {
        cooldown.start(DURATIONS_MS.resetCooldown);
        setNotice({
          severity: 'success',
          text: res.message ?? t('forgot.sent'),
        });
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.reset.requestError });
      }
    } catch {
      setNotice({ severity: 'error', text: m.Messages.reset.requestError });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="forgot-password-title"
      aria-describedby="forgot-password-text"
    >
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <DialogTitle id="forgot-password-title">{t('forgot.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="forgot-password-text" sx={{ mb: 2 }}>
            {t('forgot.text')}
          </DialogContentText>
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              onEmailChange(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: LIMITS.emailMax } }}
            sx={{ mt: 1, mb: 2 }}
          />
          {bot.widget}
          <NoticeAlert notice={notice} />
          {cooldown.running ? (
            <Typography variant="body2" color="text.secondary" role="timer">
              {t('forgot.cooldown', { time: formatCountdown(cooldown.secondsLeft, f) })}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:close')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={sending}
            loadingPosition="start"
            disabled={sending || cooldown.running}
          >
            {t('forgot.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
