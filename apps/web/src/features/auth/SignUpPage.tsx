/**
 * Two-step sign-up (part 1 §2, §4, §5). Step one checks every field at once and shows each message
 * under its own field; the server may refuse a field too (taken username or email). After the server
 * mails the code its message stays up for 2 s, then step two asks for the code.
 * Ours: the admin's sign-up mode adds an invite code (prefilled from /signup?invite=CODE) or "Why do you
 * want to join?", or closes the form; the bot check solves itself while the form is filled in.
 */
import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  DURATIONS_MS,
  LIMITS,
  Messages,
  Routes,
  SIGNUP_LIMITS,
  SignupMessages,
  type SignupMode,
} from '@sajha/contract';
import { AuthCard } from './AuthCard';
import { postAuth } from './authApi';
import { useBotCheck } from './BotCheck';
import { focusField, NoticeAlert, type Notice, SubmitButton } from './formHelpers';
import { useLater } from './useLater';
import { useSignupConfig } from './useSignupConfig';
import { VerifyEmailStep } from './VerifyEmailStep';
import {
  collectErrors,
  confirmError,
  emailError,
  hasErrors,
  nameError,
  passwordError,
  serverField,
  usernameError,
  type FieldErrors,
} from './validation';

type Field = 'invite' | 'name' | 'username' | 'email' | 'password' | 'confirm' | 'why' | 'terms';
type Values = Record<Exclude<Field, 'terms'>, string>;

const EMPTY: Values = { invite: '', name: '', username: '', email: '', password: '', confirm: '', why: '' };

/** Label, input type, autocomplete hint and length cap of each text field, in form order. */
const TEXT_FIELDS: {
  field: Exclude<keyof Values, 'invite' | 'why'>;
  label: string;
  type: string;
  autoComplete: string;
  maxLength: number;
}[] = [
  { field: 'name', label: 'Name', type: 'text', autoComplete: 'name', maxLength: LIMITS.nameMax },
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username', maxLength: LIMITS.usernameMax },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax },
  {
    field: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  {
    field: 'confirm',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
];

function validate(values: Values, agreed: boolean, mode: SignupMode): FieldErrors<Field> {
  return collectErrors<Field>({
    invite: mode === 'invite' && !values.invite.trim() ? SignupMessages.inviteRequired : undefined,
    name: nameError(values.name),
    username: usernameError(values.username),
    email: emailError(values.email),
    password: passwordError(values.password),
    confirm: confirmError(values.password, values.confirm),
    why: mode === 'approval' && !values.why.trim() ? SignupMessages.whyRequired : undefined,
    terms: agreed ? undefined : Messages.signup.termsRequired,
  });
}

const FIELD_ORDER: Field[] = ['invite', 'name', 'username', 'email', 'password', 'confirm', 'why', 'terms'];

/** The form field a server refusal belongs under (the mode's own fields, then the spec's). */
const fieldOf = (field: unknown): Field | undefined =>
  field === 'invite' || field === 'why' ? field : serverField(field);

export default function SignUpPage() {
  const later = useLater();
  const form = useRef<HTMLFormElement>(null);
  const [params] = useSearchParams();
  const signup = useSignupConfig();
  const mode = signup?.mode ?? 'open';
  const bot = useBotCheck(signup?.botCheck);
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, invite: params.get('invite')?.trim() ?? '' }));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  const clearError = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(values, agreed, mode);
    setErrors(found);
    if (hasErrors(found)) {
      focusField(
        form.current,
        FIELD_ORDER.find((f) => found[f]),
      );
      return;
    }
    const email = values.email.trim();
    setBusy(true);
    setNotice(null);
    try {
      const altcha = await bot.take();
      const res = await postAuth(Routes.register, {
        fullname: values.name.trim(),
        username: values.username.trim(),
        email,
        password: values.password,
        ...(mode === 'invite' ? { invite: values.invite.trim() } : {}),
        ...(mode === 'approval' ? { why: values.why.trim() } : {}),
        altcha,
      });
      if (res.ok) {
        setNotice({ severity: 'success', text: res.message ?? `We sent a verification code to ${email}.` });
        // The form stays busy through the pause, so it cannot be sent twice.
        later(() => setVerifyEmail(email), DURATIONS_MS.signupToVerify);
        return;
      }
      const field = fieldOf(res.field);
      if (field && res.message) {
        setErrors({ [field]: res.message });
        focusField(form.current, field);
      } else {
        setNotice({ severity: 'error', text: res.message ?? Messages.signup.failed });
      }
    } catch {
      setNotice({ severity: 'error', text: Messages.signup.failed });
    }
    setBusy(false);
  };

  if (verifyEmail) {
    return (
      <AuthCard documentTitle="Sign up" heading="Verify your email">
        <VerifyEmailStep email={verifyEmail} />
      </AuthCard>
    );
  }

  const textField = ({
    field,
    label,
    type,
    autoComplete,
    maxLength,
  }: {
    field: keyof Values;
    label: string;
    type: string;
    autoComplete: string;
    maxLength: number;
  }): TextFieldProps => ({
    label,
    name: field,
    type,
    autoComplete,
    value: values[field],
    onChange: (e) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      clearError(field);
    },
    error: Boolean(errors[field]),
    helperText: errors[field],
    autoFocus: field === (mode === 'invite' && !values.invite ? 'invite' : 'name'),
    fullWidth: true,
    slotProps: { htmlInput: { 'aria-required': true, maxLength } },
    sx: { mb: 2 },
  });

  const signIn = (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
      Already have an account?{' '}
      <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
        Sign in
      </Link>
    </Typography>
  );

  return (
    <AuthCard
      documentTitle="Sign up"
      heading={mode === 'closed' ? 'Join Sajha' : 'Create your account'}
      subheading={mode === 'closed' ? undefined : 'Join Sajha to share posts, make friends and message people.'}
      topStart={
        <Button component={RouterLink} to="/" size="small" startIcon={<ArrowBackOutlined />}>
          Back to Home
        </Button>
      }
    >
      {!signup ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : mode === 'closed' ? (
        <>
          <Alert severity="info" role="status">
            {SignupMessages.closed} Members can still sign in.
          </Alert>
          {signIn}
        </>
      ) : (
        <>
          <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
            {mode === 'approval' ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                An admin reviews each request to join. Verify your email, and you can sign in once your request is
                approved; we&apos;ll email you.
              </Alert>
            ) : null}
            {mode === 'invite' ? (
              <TextField
                {...textField({
                  field: 'invite',
                  label: 'Invite code',
                  type: 'text',
                  autoComplete: 'off',
                  maxLength: 64,
                })}
                helperText={errors.invite ?? 'Joining is by invitation: the code is in your invite link.'}
              />
            ) : null}
            {TEXT_FIELDS.map((f) => (
              <TextField key={f.field} {...textField(f)} />
            ))}
            {mode === 'approval' ? (
              <TextField
                {...textField({
                  field: 'why',
                  label: 'Why do you want to join?',
                  type: 'text',
                  autoComplete: 'off',
                  maxLength: SIGNUP_LIMITS.whyMax,
                })}
                multiline
                minRows={3}
                helperText={errors.why ?? `${values.why.length}/${SIGNUP_LIMITS.whyMax}`}
              />
            ) : null}
            <FormControl error={Boolean(errors.terms)} sx={{ mb: 2, display: 'flex' }}>
              <FormControlLabel
                control={
                  <Checkbox
                    name="terms"
                    checked={agreed}
                    onChange={(e) => {
                      setAgreed(e.target.checked);
                      clearError('terms');
                    }}
                    slotProps={{
                      input: {
                        'aria-invalid': Boolean(errors.terms),
                        'aria-describedby': errors.terms ? 'terms-error' : undefined,
                      },
                    }}
                  />
                }
                label={
                  <>
                    I agree to the{' '}
                    <Link component={RouterLink} to="/terms">
                      Terms
                    </Link>{' '}
                    and{' '}
                    <Link component={RouterLink} to="/privacy">
                      Privacy Policy
                    </Link>
                  </>
                }
              />
              {errors.terms ? <FormHelperText id="terms-error">{errors.terms}</FormHelperText> : null}
            </FormControl>
            {bot.widget}
            <NoticeAlert notice={notice} />
            <SubmitButton busy={busy}>{mode === 'approval' ? 'Ask to join' : 'Create account'}</SubmitButton>
          </Box>
          {signIn}
        </>
      )}
    </AuthCard>
  );
}
