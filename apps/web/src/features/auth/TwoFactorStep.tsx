/** The second step of a password sign-in for members with two-factor on: a code or a recovery code. */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Routes, type CurrentUser } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
import { postAuth } from './authApi';
import { SubmitButton } from './formHelpers';

export function TwoFactorStep(props: { onDone: (user: CurrentUser) => void; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const m = useMessages();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const res = await postAuth(Routes.login2fa, { code: code.trim() });
      if (res.ok && res.user) return props.onDone(res.user);
      setError(res.message ?? m.Messages.signin.error);
    } catch {
      setError(m.Messages.signin.error);
    }
    setBusy(false);
  };

  return (
    <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)}>
      <Typography sx={{ mb: 2 }}>
        {m.SettingsText.twoFactorRequired} {t('twoFactor.recoveryHint')}
      </Typography>
      <TextField
        label={t('twoFactor.code')}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
        fullWidth
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', maxLength: 11, spellCheck: false } }}
      />
      <SubmitButton busy={busy} disabled={!code.trim()}>
        {t('twoFactor.submit')}
      </SubmitButton>
      <Link component="button" type="button" variant="body2" onClick={props.onRestart} sx={{ mt: 2, display: 'block' }}>
        {t('twoFactor.restart')}
      </Link>
    </Box>
  );
}
