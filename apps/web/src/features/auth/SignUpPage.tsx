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
import { DURATIONS_MS, LIMITS, Routes, SIGNUP_LIMITS, type Catalogue, type SignupMode } from '@sajha/contract';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
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

/** A counter's numbers as they are ("0/500"), in the member's digits. */
const PLAIN = { useGrouping: false } as const;

const EMPTY: Values = { invite: '', name: '', username: '', email: '', password: '', confirm: '', why: '' };

/** Label (its auth catalogue key), input type, autocomplete hint and length cap of each text field, in order. */
const TEXT_FIELDS: {
  field: Exclude<keyof Values, 'invite' | 'why'>;
  label: string;
  type: string;
  autoComplete: string;
  maxLength: number;
}[] = [
  { field: 'name', label: 'signUp.name', type: 'text', autoComplete: 'name', maxLength: LIMITS.nameMax },
  {
    field: 'username',
    label: 'signUp.username',
    type: 'text',
    autoComplete: 'username',
    maxLength: LIMITS.usernameMax,
  },
  { field: 'email', label: 'email', type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax },
  {
    field: 'password',
    label: 'password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  {
    field: 'confirm',
    label: 'signUp.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
];

/** The fields of two sign-up modes: an invite code, and "Why do you want to join?". */
const INVITE_FIELD = {
  field: 'invite',
  label: 'signUp.invite',
  type: 'text',
  autoComplete: 'off',
  maxLength: 64,
} as const;
const WHY_FIELD = {
  field: 'why',
  label: 'signUp.why',
  type: 'text',
  autoComplete: 'off',
  maxLength: SIGNUP_LIMITS.whyMax,
} as const;

function validate(values: Values, agreed: boolean, mode: SignupMode, m: Catalogue): FieldErrors<Field> {
  return collectErrors<Field>({
    invite: mode === 'invite' && !values.invite.trim() ? m.SignupMessages.inviteRequired : undefined,
    name: nameError(values.name, m),
    username: usernameError(values.username, m),
    email: emailError(values.email, m),
    password: passwordError(values.password, m),
    confirm: confirmError(values.password, values.confirm, m),
    why: mode === 'approval' && !values.why.trim() ? m.SignupMessages.whyRequired : undefined,
    terms: agreed ? undefined : m.Messages.signup.termsRequired,
  });
}

const FIELD_ORDER: Field[] = ['invite', 'name', 'username', 'email', 'password', 'confirm', 'why', 'terms'];

/** The form field a server refusal belongs under (the mode's own fields, then the spec's). */
const fieldOf = (field: unknown): Field | undefined =>
  field === 'invite' || field === 'why' ? field : serverField(field);

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const m = useMessages();
  const f = useFormat();
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
    const found = validate(values, agreed, mode, m);
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
        setNotice({ severity: 'success', text: res.message ?? t('signUp.codeSent', { email }) });
        // The form stays busy through the pause, so it cannot be sent twice.
        later(() => setVerifyEmail(email), DURATIONS_MS.signupToVerify);
        return;
      }
      const field = fieldOf(res.field);
      if (field && res.message) {
        setErrors({ [field]: res.message });
        focusField(form.current, field);
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.signup.failed });
      }
    } catch {
      setNotice({ severity: 'error', text: m.Messages.signup.failed });
    }
    setBusy(false);
  };

  if (verifyEmail) {
    return (
      <AuthCard documentTitle={t('signUp.documentTitle')} heading={t('signIn.verifyHeading')}>
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
    /** Its key in the auth catalogue. */
    label: string;
    type: string;
    autoComplete: string;
    maxLength: number;
  }): TextFieldProps => ({
    label: t(label),
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
      {t('signUp.haveAccount')}{' '}
      <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
        {t('signUp.signIn')}
      </Link>
    </Typography>
  );

  return (
    <AuthCard
      documentTitle={t('signUp.documentTitle')}
      heading={mode === 'closed' ? t('signUp.headingClosed') : t('signUp.heading')}
      subheading={mode === 'closed' ? undefined : t('signUp.subheading')}
      topStart={
        <Button component={RouterLink} to="/" size="small" startIcon={<ArrowBackOutlined />}>
          {t('backToHome')}
        </Button>
      }
    >
      {!signup ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('signUp.loading')} />
        </Box>
      ) : mode === 'closed' ? (
        <>
          <Alert severity="info" role="status">
            {m.SignupMessages.closed} {t('signUp.closedMembers')}
          </Alert>
          {signIn}
        </>
      ) : (
        <>
          <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
            {mode === 'approval' ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('signUp.approvalInfo')}
              </Alert>
            ) : null}
            {mode === 'invite' ? (
              <TextField {...textField(INVITE_FIELD)} helperText={errors.invite ?? t('signUp.inviteHint')} />
            ) : null}
            {TEXT_FIELDS.map((spec) => (
              <TextField key={spec.field} {...textField(spec)} />
            ))}
            {mode === 'approval' ? (
              <TextField
                {...textField(WHY_FIELD)}
                multiline
                minRows={3}
                helperText={
                  errors.why ?? `${f.number(values.why.length, PLAIN)}/${f.number(SIGNUP_LIMITS.whyMax, PLAIN)}`
                }
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
                  <Trans
                    t={t}
                    i18nKey="signUp.terms"
                    components={{
                      terms: <Link component={RouterLink} to="/terms" />,
                      privacy: <Link component={RouterLink} to="/privacy" />,
                    }}
                  />
                }
              />
              {errors.terms ? <FormHelperText id="terms-error">{errors.terms}</FormHelperText> : null}
            </FormControl>
            {bot.widget}
            <NoticeAlert notice={notice} />
            <SubmitButton busy={busy}>{mode === 'approval' ? t('signUp.askToJoin') : t('signUp.submit')}</SubmitButton>
          </Box>
          {signIn}
        </>
      )}
    </AuthCard>
  );
}
