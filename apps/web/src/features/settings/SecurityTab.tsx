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
import { LIMITS, Messages, SETTINGS_PASSWORD_PATTERN } from '@sajha/contract';
import { BlockedSection } from './BlockedSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import type { TabProps } from './types';

export function newPasswordError(password: string): string | undefined {
  return password && !SETTINGS_PASSWORD_PATTERN.test(password) ? Messages.settings.newPasswordRule : undefined;
}

export default function SecurityTab({ profile, save }: TabProps) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const ruleError = newPasswordError(password);
  const mismatch = confirm && password !== confirm ? Messages.settings.newPasswordMismatch : undefined;
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
        Change password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changing it signs you out everywhere else.
      </Typography>
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        {profile.hasPassword && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
            fullWidth
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(ruleError)}
          helperText={
            ruleError ?? 'At least 8 letters and digits, with an uppercase letter, a lowercase letter and a number.'
          }
          slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
          fullWidth
        />
        <TextField
          label="Confirm new password"
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
            {busy ? 'Saving…' : 'Change password'}
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
