/**
 * Sign-in (part 1 §2, §4): email and password with remember-me, a reset-link dialog, and Google when
 * the server has it configured. An account that was never verified gets a fresh code from the server
 * and, 2 s after its message, the same verification step as sign-up. A suspended or banned member is
 * told why (and until when) and may appeal from here (ours).
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
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
import { catalogueFor, DURATIONS_MS, LIMITS, Routes, type Catalogue } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
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

const MARK = '\u0000';
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ModerationMessages.suspended and .banned of a catalogue as patterns (any end date, any reason or none). */
function sanctionShapes(c: Catalogue): RegExp[] {
  const { suspended, banned } = c.ModerationMessages;
  return [suspended(MARK, MARK), suspended(MARK, ''), banned(MARK), banned('')].map(
    (text) => new RegExp(`^${text.split(MARK).map(escapeRe).join('[\\s\\S]*?')}$`),
  );
}
const ENGLISH_SHAPES = sanctionShapes(catalogueFor('en'));

/**
 * The right password of a suspended or banned member: 403 with what they are told (reason, end date),
 * ModerationMessages.suspended or .banned, in the page's language (or English). Any other 403 (a foreign
 * Origin) is not one.
 */
const sanctionOf = ({ status, message }: { status: number; message: string | undefined }, shapes: RegExp[]) =>
  status === 403 && message && shapes.some((re) => re.test(message)) ? message : null;

function SanctionNotice({ message, onAppeal }: { message: string; onAppeal: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('signIn.sanctionTitle')}</AlertTitle>
      <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="sanction-message">
        {message}
      </Typography>
      <Link component="button" type="button" variant="body2" onClick={onAppeal} sx={{ mt: 1, fontWeight: 600 }}>
        {t('signIn.appeal')}
      </Link>
    </Alert>
  );
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const m = useMessages();
  const shapes = useMemo(() => [...sanctionShapes(m), ...ENGLISH_SHAPES], [m]);
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
    const found = collectErrors<Field>({ email: emailError(email, m), password: passwordError(password, m) });
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
          text: res.message ?? t('signIn.needsVerification', { email: address }),
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
      const sanctioned = sanctionOf(res, shapes);
      if (sanctioned) {
        setSanction(sanctioned);
      } else if (res.message && (field === 'email' || field === 'password')) {
        setErrors({ [field]: res.message });
        focusField(form.current, field);
      } else {
        setNotice({ severity: 'error', text: res.message ?? m.Messages.signin.error });
      }
      setBusy(false);
    } catch {
      setNotice({ severity: 'error', text: m.Messages.signin.error });
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
      const sanctioned = sanctionOf(res, shapes);
      if (sanctioned) setSanction(sanctioned);
      else setNotice({ severity: 'error', title: m.Messages.signin.googleFailed, text: res.message });
    } catch {
      setNotice({ severity: 'error', title: m.Messages.signin.googleFailed });
    }
    setGoogleBusy(false);
  };

  const backToHome = (
    <Button component={RouterLink} to="/" size="small" startIcon={<ArrowBackOutlined />}>
      {t('backToHome')}
    </Button>
  );

  if (verifyEmail) {
    return (
      <AuthCard documentTitle={t('signIn.documentTitle')} heading={t('signIn.verifyHeading')} topStart={backToHome}>
        <VerifyEmailStep email={verifyEmail} rememberMe={rememberMe} />
      </AuthCard>
    );
  }

  if (twoFactor) {
    return (
      <AuthCard documentTitle={t('signIn.documentTitle')} heading={t('signIn.twoFactorHeading')} topStart={backToHome}>
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
      documentTitle={t('signIn.documentTitle')}
      heading={t('signIn.heading')}
      subheading={t('signIn.subheading')}
      topStart={backToHome}
    >
      {sanction && <SanctionNotice message={sanction} onAppeal={() => setAppealOpen(true)} />}
      <Box component="form" ref={form} noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <TextField
          label={t('email')}
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
          label={t('password')}
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
            label={t('signIn.rememberMe')}
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
            {t('signIn.forgotPassword')}
          </Link>
        </Box>
        <NoticeAlert notice={notice} />
        <SubmitButton busy={busy} disabled={googleBusy}>
          {t('signIn.submit')}
        </SubmitButton>
      </Box>

      {config?.googleClientId ? (
        <>
          <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>{t('signIn.or')}</Divider>
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
                <CircularProgress size={24} aria-label={t('signIn.googleBusy')} />
              </Box>
            ) : null}
          </Box>
        </>
      ) : null}

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('signIn.newHere')}{' '}
        <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
          {t('signIn.createAccount')}
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
