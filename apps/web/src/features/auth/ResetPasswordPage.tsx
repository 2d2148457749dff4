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
import { DURATIONS_MS, LIMITS, Messages, Routes } from '@sajha/contract';
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

export default function ResetPasswordPage() {
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
      email: emailError(values.email),
      newPassword: passwordError(values.newPassword),
      confirm: confirmError(values.newPassword, values.confirm),
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
          res.message && res.message !== Messages.reset.successful ? { severity: 'success', text: res.message } : null,
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
        setNotice({ severity: 'error', text: res.message ?? Messages.reset.resetError });
      }
    } catch {
      setNotice({ severity: 'error', text: Messages.reset.resetError });
    }
    setBusy(false);
  };

  const textField = (
    field: Field,
    label: string,
    type: string,
    autoComplete: string,
    maxLength: number,
  ): TextFieldProps => ({
    label,
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
    <AuthCard
      documentTitle="Reset password"
      heading="Set a new password"
      subheading="Enter the email address of your account and choose a new password."
    >
      <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <TextField {...textField('email', 'Email', 'email', 'email', LIMITS.emailMax)} autoFocus />
        <TextField {...textField('newPassword', 'New password', 'password', 'new-password', LIMITS.passwordMax)} />
        <TextField {...textField('confirm', 'Confirm new password', 'password', 'new-password', LIMITS.passwordMax)} />
        <NoticeAlert notice={notice} />
        {done ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            <AlertTitle>{Messages.reset.successful}</AlertTitle>
            Taking you to sign in…
          </Alert>
        ) : null}
        <SubmitButton busy={busy} disabled={done}>
          Reset password
        </SubmitButton>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
