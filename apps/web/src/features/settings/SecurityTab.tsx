/**
 * Security: password change with the rule messages live under the fields (part 2 §5), then active
 * sessions, two-factor sign-in and blocked members.
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, SETTINGS_PASSWORD_PATTERN, type Catalogue } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { messages } from '../../i18n/prefs';
import { BlockedSection } from './BlockedSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import type { TabProps } from './types';

/** The shortest new password (SETTINGS_PASSWORD_PATTERN's rule). */
const NEW_PASSWORD_MIN = 8;

export function newPasswordError(password: string, m: Catalogue = messages()): string | undefined {
  return password && !SETTINGS_PASSWORD_PATTERN.test(password) ? m.Messages.settings.newPasswordRule : undefined;
}

export default function SecurityTab({ profile, save }: TabProps) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  const f = useFormat();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const ruleError = newPasswordError(password, m);
  const mismatch = confirm && password !== confirm ? m.Messages.settings.newPasswordMismatch : undefined;
  const ready = (current || !profile.hasPassword) && password && confirm && !ruleError && !mismatch;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const ok = await save({ type: 'security', updatedData: { oldPassword: current, password } });
    setBusy(false);
    if (ok) {
      setCurrent('');
      setPassword('');
      setConfirm('');
    }
  };

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('security.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('security.text')}
      </Typography>
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        {profile.hasPassword && (
          <TextField
            label={t('security.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
            fullWidth
          />
        )}
        <TextField
          label={t('security.new')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(ruleError)}
          helperText={ruleError ?? t('security.newHint', { min: f.number(NEW_PASSWORD_MIN) })}
          slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
          fullWidth
        />
        <TextField
          label={t('security.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={Boolean(mismatch)}
          helperText={mismatch ?? ' '}
          slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
          fullWidth
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!ready || busy}>
            {busy ? t('common:saving') : t('security.submit')}
          </Button>
        </Box>
      </Box>
      <Divider sx={{ my: 4 }} />
      <SessionsSection />
      <Divider sx={{ my: 4 }} />
      <TwoFactorSection enabled={profile.twoFactorEnabled} />
      <Divider sx={{ my: 4 }} />
      <BlockedSection />
    </Box>
  );
}
