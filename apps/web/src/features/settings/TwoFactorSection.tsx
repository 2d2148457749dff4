/**
 * Two-factor sign-in: Turn on -> a QR code (and the secret for typing) -> confirm with a code -> ten
 * recovery codes shown once. Turn off asks for the password.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { Routes, type RouteAnswer, type RouteBody } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { call } from '../../lib/http';
import { useToast } from '../../lib/toast';

type TwoFactorRoute = typeof Routes.twoFactorSetup | typeof Routes.twoFactorEnable | typeof Routes.twoFactorDisable;

/** The authenticator app's codes. */
const CODE_DIGITS = 6;

type Step = { kind: 'idle' } | { kind: 'scan'; secret: string; url: string } | { kind: 'codes'; codes: string[] };

export function TwoFactorSection({ enabled: initial }: { enabled: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  const f = useFormat();
  const toast = useToast();
  const [enabled, setEnabled] = useState(initial);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scanForm = useRef<HTMLFormElement | null>(null);
  // The QR code appears below the button, often below the fold on a phone: brought into view, with the
  // code field focused (it is what comes next), without a jump for those who asked for less motion.
  useEffect(() => {
    if (step.kind !== 'scan') return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    scanForm.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
    scanForm.current?.querySelector('input')?.focus({ preventScroll: true });
  }, [step.kind]);

  /** One of the three calls; its typed answer on success, null (with the message shown) otherwise. */
  const send = async <R extends TwoFactorRoute>(route: R, body: RouteBody<R>): Promise<RouteAnswer<R> | null> => {
    setBusy(true);
    setError(null);
    try {
      const res = await call(route, { body });
      if (res.ok) return res.data;
      setError(res.data.message ?? m.Messages.server.internal);
      return null;
    } catch {
      setError(m.Messages.server.internal);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    const data = await send(Routes.twoFactorSetup, undefined);
    if (data?.secret && data.otpauthUrl) setStep({ kind: 'scan', secret: data.secret, url: data.otpauthUrl });
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const data = await send(Routes.twoFactorEnable, { code: code.trim() });
    if (data?.recoveryCodes) {
      setEnabled(true);
      setCode('');
      setStep({ kind: 'codes', codes: data.recoveryCodes });
      toast.show({ message: data.message ?? m.SettingsText.twoFactorEnabled, type: 'success' });
    }
  };
  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    const data = await send(Routes.twoFactorDisable, { password });
    if (data) {
      setEnabled(false);
      setPassword('');
      toast.show({ message: data.message ?? m.SettingsText.twoFactorDisabled, type: 'success' });
    }
  };

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('twoFactor.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {enabled ? t('twoFactor.on') : t('twoFactor.off')}
      </Typography>

      {step.kind === 'codes' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('twoFactor.keepCodes')}
          </Typography>
          <Box
            component="ul"
            aria-label={t('twoFactor.codes')}
            sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2 }}
          >
            {step.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          <Button size="small" onClick={() => setStep({ kind: 'idle' })} sx={{ mt: 1 }}>
            {t('twoFactor.saved')}
          </Button>
        </Alert>
      )}

      {!enabled && step.kind === 'idle' && (
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {t('twoFactor.turnOn')}
        </Button>
      )}

      {step.kind === 'scan' && (
        <Box
          component="form"
          ref={scanForm}
          noValidate
          onSubmit={(e: FormEvent) => void confirm(e)}
          sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
        >
          <Typography variant="body2">{t('twoFactor.scan', { digits: f.number(CODE_DIGITS) })}</Typography>
          <Box sx={{ bgcolor: '#fff', p: 1.5, width: 'fit-content', borderRadius: 1 }}>
            <QRCodeSVG value={step.url} size={180} title={t('twoFactor.qr')} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('twoFactor.orType')}{' '}
            <Box component="code" data-testid="totp-secret" sx={{ overflowWrap: 'anywhere' }}>
              {step.secret}
            </Box>
          </Typography>
          <TextField
            label={t('twoFactor.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_DIGITS))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy || code.length !== CODE_DIGITS}>
              {t('twoFactor.confirm')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })}>{t('common:cancel')}</Button>
          </Box>
        </Box>
      )}

      {enabled && step.kind !== 'scan' && (
        <Box
          component="form"
          noValidate
          onSubmit={(e: FormEvent) => void turnOff(e)}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'start' }}
        >
          <TextField
            label={t('twoFactor.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            size="small"
          />
          <Button type="submit" variant="outlined" color="error" disabled={busy || !password}>
            {t('twoFactor.turnOff')}
          </Button>
        </Box>
      )}
      {!enabled && step.kind === 'idle' && error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
