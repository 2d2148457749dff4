/**
 * Step two of sign-up, also shown after a sign-in of an unverified account: enter the 6-digit code that
 * was mailed, or ask for a new one (then wait 120 s before asking again). Verified means signed in; the
 * page then fully reloads to /home so everything starts with the new session. Ours: a request for a new
 * code carries the bot check (solved while the code is typed); a member whose request to join waits for
 * an admin is told so once the email is verified, and stays signed out.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { catalogueFor, DURATIONS_MS, LIMITS, Routes } from '@sajha/contract';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { usePublicConfig } from '../../lib/publicConfig';
import { postAuth } from './authApi';
import { useBotCheck } from './BotCheck';
import { NoticeAlert, type Notice } from './formHelpers';
import { formatCountdown, useCountdown } from './useCountdown';

const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.otpLength}}$`);
/** The server's "your request waits for an admin", as it comes in English (an answer the page did not localize). */
const AWAITING_EN = catalogueFor('en').SignupMessages.awaitingApproval;

/** rememberMe: the choice made on the sign-in form (a fresh sign-up stays signed in, as most apps do). */
export function VerifyEmailStep({ email, rememberMe = true }: { email: string; rememberMe?: boolean }) {
  const { t } = useTranslation('auth');
  const m = useMessages();
  const f = useFormat();
  const digits = f.number(LIMITS.otpLength);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resending, setResending] = useState(false);
  /** Verified, but the request to join waits for an admin: nothing more to do here. */
  const [waiting, setWaiting] = useState(false);
  const cooldown = useCountdown();
  const bot = useBotCheck(usePublicConfig()?.signup?.botCheck);
  const codeInput = useRef<HTMLInputElement>(null);
  const { start: startCooldown } = cooldown;

  // A code went out moments ago (sign-up, or the sign-in that led here), so resending waits as well.
  useEffect(() => {
    startCooldown(DURATIONS_MS.resendCooldown);
  }, [startCooldown]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying || verified) return;
    if (!CODE_PATTERN.test(code)) {
      setCodeError(t('verify.codeInvalid', { digits }));
      codeInput.current?.focus();
      return;
    }
    setVerifying(true);
    setNotice(null);
    try {
      const res = await postAuth(Routes.verifyEmail, { email, otp: code, rememberMe });
      if (res.ok) {
        setVerified(true);
        setNotice({ severity: 'success', text: res.message ?? t('verify.verified') });
        window.location.assign('/home');
        return;
      }
      if (res.message === m.SignupMessages.awaitingApproval || res.message === AWAITING_EN) {
        setWaiting(true);
        setNotice({ severity: 'info', title: t('verify.verifiedTitle'), text: res.message });
      } else if (res.field === 'otp' && res.message) {
        setCodeError(res.message);
        codeInput.current?.focus();
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.verify.failed });
      }
    } catch {
      setNotice({ severity: 'error', text: m.Messages.verify.error });
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    if (resending || cooldown.running) return;
    setResending(true);
    setNotice(null);
    try {
      const res = await postAuth(Routes.resendCode, { email, altcha: await bot.take() });
      if (res.ok) {
        cooldown.start(DURATIONS_MS.resendCooldown);
        setNotice({ severity: 'success', text: res.message ?? t('verify.resent', { email }) });
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.verify.resendFailed });
      }
    } catch {
      setNotice({ severity: 'error', text: m.Messages.verify.resendError });
    } finally {
      setResending(false);
    }
  };

  // Verified, and the request to join waits for an admin: nothing more to do here until they decide.
  if (waiting) {
    return (
      <Box>
        <NoticeAlert notice={notice} />
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans
            t={t}
            i18nKey="verify.waiting"
            values={{ email }}
            components={{ strong: <Box component="strong" sx={{ wordBreak: 'break-all' }} /> }}
          />
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined" fullWidth>
          {t('backToHome')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e: FormEvent) => void verify(e)}>
      <Typography sx={{ mb: 2 }}>
        <Trans
          t={t}
          i18nKey="verify.sent"
          values={{ digits, email }}
          components={{ strong: <Box component="strong" sx={{ wordBreak: 'break-all' }} /> }}
        />
      </Typography>
      <TextField
        inputRef={codeInput}
        label={t('verify.code')}
        name="otp"
        value={code}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, LIMITS.otpLength));
          setCodeError(undefined);
        }}
        error={Boolean(codeError)}
        helperText={codeError}
        autoFocus
        fullWidth
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: {
            'aria-required': true,
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: LIMITS.otpLength,
            style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
          },
        }}
        sx={{ mb: 2 }}
      />
      <NoticeAlert notice={notice} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={verifying || verified}
        loadingPosition="start"
        disabled={verifying || verified}
      >
        {t('verify.submit')}
      </Button>
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('verify.notReceived')}
        </Typography>
        <Button
          variant="text"
          size="small"
          onClick={() => void resend()}
          loading={resending}
          loadingPosition="start"
          disabled={resending || cooldown.running || verified}
        >
          {cooldown.running
            ? t('verify.resendIn', { time: formatCountdown(cooldown.secondsLeft, f) })
            : t('verify.resend')}
        </Button>
      </Box>
      <Box sx={{ mt: 2 }}>{bot.widget}</Box>
    </Box>
  );
}
