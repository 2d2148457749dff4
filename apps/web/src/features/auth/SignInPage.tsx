/**
 * Sign-in (part 1 §2, §4): email and password with remember-me, a reset-link dialog, and Google when
 * the server has it configured. An account that was never verified gets a fresh code from the server
 * and, 2 s after its message, the same verification step as sign-up. A suspended or banned member is
 * told why (and until when) and may appeal from here (ours).
 */
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DURATIONS_MS, LIMITS, Messages, Routes } from '@sajha/contract';
import { useAuth } from '../../lib/auth';
import { usePublicConfig } from '../../lib/publicConfig';
import { AuthCard } from './AuthCard';
import { postAuth, resolveAfterSignIn } from './authApi';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { focusField, NoticeAlert, type Notice, SubmitButton } from './formHelpers';
import { GoogleSignInButton } from './GoogleSignInButton';
import { useLater } from './useLater';
import { TwoFactorStep } from './TwoFactorStep';
import { VerifyEmailStep } from './VerifyEmailStep';
import { collectErrors, emailError, hasErrors, passwordError, serverField, type FieldErrors } from './validation';

type Field = 'email' | 'password';

const SanctionAppealDialog = lazy(() => import('./SanctionAppealDialog'));

/**
 * The right password of a suspended or banned member: 403 with what they are told (reason, end date),
 * ModerationMessages.suspended or .banned, which both begin so. Any other 403 (a foreign Origin) is not one.
 */
const sanctionOf = (res: { status: number; message: string | undefined }) =>
  res.status === 403 && res.message?.startsWith('Your account') ? res.message : null;

function SanctionNotice({ message, onAppeal }: { message: string; onAppeal: () => void }) {
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>You cannot sign in</AlertTitle>
      <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="sanction-message">
        {message}
      </Typography>
      <Link component="button" type="button" variant="body2" onClick={onAppeal} sx={{ mt: 1, fontWeight: 600 }}>
        Appeal this decision
      </Link>
    </Alert>
  );
}

export default function SignInPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const later = useLater();
  const form = useRef<HTMLFormElement>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [resetEmail, setResetEmail] = useState('');
  const [sanction, setSanction] = useState<string | null>(null);
  const [appealOpen, setAppealOpen] = useState(false);

  const goOn = useCallback(
    (next: string | null | undefined) => {
      const target = resolveAfterSignIn(next);
      if ('href' in target) window.location.assign(target.href);
      else void navigate(target.path, { replace: true });
    },
    [navigate],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = collectErrors<Field>({ email: emailError(email), password: passwordError(password) });
    setErrors(found);
    if (hasErrors(found)) {
      focusField(form.current, Object.keys(found)[0]);
      return;
    }
    const address = email.trim();
    setBusy(true);
    setNotice(null);
    setSanction(null);
    try {
      const res = await postAuth(Routes.login, { email: address, password, rememberMe });
      if (res.needsVerification) {
        setNotice({
          severity: 'info',
          text: res.message ?? `Please verify your email. A new code was sent to ${address}.`,
        });
        // The form stays busy through the pause, so it cannot be sent twice.
        later(() => setVerifyEmail(address), DURATIONS_MS.signupToVerify);
        return;
      }
      if (res.twoFactorRequired) {
        setTwoFactor(true);
        setBusy(false);
        return;
      }
      if (res.ok) {
        if (res.user) auth.login(res.user);
        else await auth.refresh();
        goOn(params.get('next'));
        return;
      }
      const field = serverField(res.field);
      if (sanctionOf(res)) {
        setSanction(sanctionOf(res));
      } else if (res.message && (field === 'email' || field === 'password')) {
        setErrors({ [field]: res.message });
        focusField(form.current, field);
      } else {
        setNotice({ severity: 'error', text: res.message ?? Messages.signin.error });
      }
      setBusy(false);
    } catch {
      setNotice({ severity: 'error', text: Messages.signin.error });
      setBusy(false);
    }
  };

  const signInWithGoogle = async (idToken: string) => {
    setGoogleBusy(true);
    setNotice(null);
    setSanction(null);
    try {
      const res = await postAuth(Routes.googleCallback, { idToken });
      if (res.twoFactorRequired) {
        setTwoFactor(true);
        setGoogleBusy(false);
        return;
      }
      if (res.ok) {
        // The guest guard leaves this page for ?next= as soon as the session shows up. A `next` the
        // visitor arrived with wins (as for a password sign-in); otherwise go where the server said, and
        // point the guard there too so the two agree on one destination.
        const next = params.get('next') ?? res.redirectUrl;
        if (next && next !== params.get('next')) {
          await navigate({ search: `?${new URLSearchParams({ next }).toString()}` }, { replace: true });
        }
        await auth.refresh();
        goOn(next);
        return;
      }
      if (sanctionOf(res)) setSanction(sanctionOf(res));
      else setNotice({ severity: 'error', title: Messages.signin.googleFailed, text: res.message });
    } catch {
      setNotice({ severity: 'error', title: Messages.signin.googleFailed });
    }
    setGoogleBusy(false);
  };

  const backToHome = (
    <Button component={RouterLink} to="/" size="small" startIcon={<ArrowBackOutlined />}>
      Back to Home
    </Button>
  );

  if (verifyEmail) {
    return (
      <AuthCard documentTitle="Sign in" heading="Verify your email" topStart={backToHome}>
        <VerifyEmailStep email={verifyEmail} rememberMe={rememberMe} />
      </AuthCard>
    );
  }

  if (twoFactor) {
    return (
      <AuthCard documentTitle="Sign in" heading="Two-factor sign-in" topStart={backToHome}>
        <TwoFactorStep
          onDone={(user) => {
            auth.login(user);
            goOn(params.get('next'));
          }}
          onRestart={() => {
            setTwoFactor(false);
            setPassword('');
          }}
        />
      </AuthCard>
    );
  }

  const clearError = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  return (
    <AuthCard
      documentTitle="Sign in"
      heading="Sign in"
      subheading="Welcome back. Sign in to continue to Sajha."
      topStart={backToHome}
    >
      {sanction && <SanctionNotice message={sanction} onAppeal={() => setAppealOpen(true)} />}
      <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            clearError('email');
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': true, maxLength: LIMITS.emailMax } }}
          sx={{ mb: 2 }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          error={Boolean(errors.password)}
          helperText={errors.password}
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': true, maxLength: LIMITS.passwordMax } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', my: 1 }}>
          <FormControlLabel
            control={
              <Checkbox name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            }
            label="Remember me"
          />
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setResetEmail((current) => current || email.trim());
              setForgotOpen(true);
            }}
          >
            Forgot your password?
          </Link>
        </Box>
        <NoticeAlert notice={notice} />
        <SubmitButton busy={busy} disabled={googleBusy}>
          Sign in
        </SubmitButton>
      </Box>

      {config?.googleClientId ? (
        <>
          <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>or</Divider>
          <Box sx={{ position: 'relative' }} aria-busy={googleBusy}>
            <GoogleSignInButton
              clientId={config.googleClientId}
              onCredential={(token) => void signInWithGoogle(token)}
            />
            {googleBusy ? (
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'background.paper',
                  opacity: 0.8,
                }}
              >
                <CircularProgress size={24} aria-label="Signing in with Google" />
              </Box>
            ) : null}
          </Box>
        </>
      ) : null}

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Sajha?{' '}
        <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
          Create an account
        </Link>
      </Typography>

      <ForgotPasswordDialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        email={resetEmail}
        onEmailChange={setResetEmail}
      />
      {appealOpen && (
        <Suspense fallback={null}>
          <SanctionAppealDialog email={email.trim()} password={password} onClose={() => setAppealOpen(false)} />
        </Suspense>
      )}
    </AuthCard>
  );
}
