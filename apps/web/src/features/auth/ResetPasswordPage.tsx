/**
 * Set a new password from the emailed link (part 1 §4). The token comes from the link; the person
 * confirms the email it was sent to. On success the server's message shows, then 'Reset successful',
 * and 2 s later the sign-in screen.
 */
import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DURATIONS_MS, LIMITS, Routes } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
import { AuthCard } from './AuthCard';
import { postAuth } from './authApi';
import { focusField, NoticeAlert, type Notice, SubmitButton } from './formHelpers';
import { useLater } from './useLater';
import {
  collectErrors,
  confirmError,
  emailError,
  hasErrors,
  passwordError,
  serverField,
  type FieldErrors,
} from './validation';

type Field = 'email' | 'newPassword' | 'confirm';

/** Label (its key in the auth catalogue), input type, autocomplete hint and length cap of each field. */
const FIELDS: { field: Field; label: string; type: string; autoComplete: string; maxLength: number }[] = [
  { field: 'email', label: 'email', type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax },
  {
    field: 'newPassword',
    label: 'reset.newPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  {
    field: 'confirm',
    label: 'reset.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
];

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const m = useMessages();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const later = useLater();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    const found = collectErrors<Field>({
      email: emailError(values.email, m),
      newPassword: passwordError(values.newPassword, m),
      confirm: confirmError(values.newPassword, values.confirm, m),
    });
    setErrors(found);
    if (hasErrors(found)) {
      focusField(form.current, Object.keys(found)[0]);
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const res = await postAuth(Routes.resetPassword, {
        token,
        email: values.email.trim(),
        newPassword: values.newPassword,
      });
      if (res.ok) {
        setDone(true);
        setBusy(false);
        setNotice(
          res.message && res.message !== m.Messages.reset.successful
            ? { severity: 'success', text: res.message }
            : null,
        );
        later(() => void navigate('/signin', { replace: true }), DURATIONS_MS.resetToSignin);
        return;
      }
      const field = serverField(res.field);
      if (res.message && (field === 'email' || field === 'password')) {
        const target: Field = field === 'password' ? 'newPassword' : 'email';
        setErrors({ [target]: res.message });
        focusField(form.current, target);
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.reset.resetError });
      }
    } catch {
      setNotice({ severity: 'error', text: m.Messages.reset.resetError });
    }
    setBusy(false);
  };

  const textField = ({ field, label, type, autoComplete, maxLength }: (typeof FIELDS)[number]): TextFieldProps => ({
    label: t(label),
    name: field,
    type,
    autoComplete,
    value: values[field],
    onChange: (e) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setErrors(({ [field]: _dropped, ...rest }) => rest);
    },
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
    slotProps: { htmlInput: { 'aria-required': true, maxLength } },
    sx: { mb: 2 },
  });

  return (
    <AuthCard documentTitle={t('reset.documentTitle')} heading={t('reset.heading')} subheading={t('reset.subheading')}>
      <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        {FIELDS.map((spec) => (
          <TextField key={spec.field} {...textField(spec)} autoFocus={spec.field === 'email'} />
        ))}
        <NoticeAlert notice={notice} />
        {done ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            <AlertTitle>{m.Messages.reset.successful}</AlertTitle>
            {t('reset.redirecting')}
          </Alert>
        ) : null}
        <SubmitButton busy={busy} disabled={done}>
          {t('reset.submit')}
        </SubmitButton>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('reset.remembered')}{' '}
        <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
          {t('reset.backToSignIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
