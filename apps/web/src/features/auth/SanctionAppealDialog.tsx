/**
 * "Appeal this decision" from the sign-in page: a suspended or banned member has no session, so the
 * appeal carries their email and password (filled in from the sign-in form) with their words. The
 * server's answer is shown in the dialog. Loaded when opened; it stays clear of the data layer (TanStack
 * Query), which the sign-in screens never download.
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { LIMITS, Routes, sanctionAppealBodySchema } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { messages } from '../../i18n/prefs';
import { call } from '../../lib/http';

const APPEAL_MAX = sanctionAppealBodySchema.shape.text.maxLength ?? 2000;
/** A counter's numbers as they are ("0/2000"), in the member's digits. */
const PLAIN = { useGrouping: false } as const;

async function sendSanctionAppeal(body: { email: string; password: string; text: string }): Promise<string> {
  const res = await call(Routes.appealSanction, { body });
  if (!res.ok) throw new Error(res.data.message ?? messages().Messages.server.internal);
  return res.data.message;
}

export default function SanctionAppealDialog(props: { email: string; password: string; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const m = useMessages();
  const localize = useLocalize();
  const f = useFormat();
  const ids = useId();
  const [email, setEmail] = useState(props.email);
  const [password, setPassword] = useState(props.password);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sent = answer?.ok === true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = sanctionAppealBodySchema.safeParse({ email, password, text });
    if (!parsed.success) {
      // The schema's checks speak English: in the page's language.
      const issue = parsed.error.issues[0]?.message;
      setAnswer({ ok: false, text: issue ? localize(issue) : m.Messages.server.internal });
      return;
    }
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer({ ok: true, text: await sendSanctionAppeal(parsed.data) });
    } catch (err) {
      setAnswer({ ok: false, text: err instanceof Error ? err.message : m.Messages.server.internal });
    }
    setBusy(false);
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby={`${ids}-t`}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={`${ids}-t`}>{t('appeal.title')}</DialogTitle>
        <DialogContent>
          {!sent && (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('appeal.text')}</DialogContentText>
              <TextField
                label={t('email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                fullWidth
                required
                slotProps={{ htmlInput: { maxLength: LIMITS.emailMax } }}
                sx={{ mb: 2 }}
              />
              <TextField
                label={t('password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                fullWidth
                required
                slotProps={{ htmlInput: { maxLength: LIMITS.passwordMax } }}
                sx={{ mb: 2 }}
              />
              <TextField
                label={t('appeal.why')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                multiline
                minRows={4}
                maxRows={10}
                fullWidth
                required
                autoFocus
                helperText={`${f.number(text.length, PLAIN)}/${f.number(APPEAL_MAX, PLAIN)}`}
                slotProps={{ htmlInput: { maxLength: APPEAL_MAX } }}
              />
            </>
          )}
          {answer && (
            <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
              {answer.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            {sent ? t('common:close') : t('common:cancel')}
          </Button>
          {!sent && (
            <Button type="submit" variant="contained" loading={busy}>
              {t('appeal.send')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
