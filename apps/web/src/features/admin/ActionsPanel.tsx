/**
 * The actions staff can take on a report: each button opens a confirmation that says what will happen,
 * asks for the reason where the server requires one (and the days of a suspension), sends it, and shows
 * the server's answer as a toast; the staff screens refetch afterwards.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportDetail } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { useStaffCalls } from './adminApi';
import { actionBody, actionProblem, reportActions, SUSPEND_DAYS, type ActionChoice } from './reportActions';
import { useVocabulary } from './vocabulary';

/** Red is the brand's primary: what is hard to take back is a filled button, the rest outlined. */
const COLORS = { neutral: 'primary', warning: 'primary', danger: 'error' } as const;

function ActionDialog({
  detail,
  choice,
  onClose,
}: {
  detail: ReportDetail;
  choice: ActionChoice;
  onClose: () => void;
}) {
  const { t, f } = useVocabulary();
  const toast = useToast();
  const { act } = useStaffCalls();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  // The server's refusal, also in the dialog: while it is open the rest of the page (toasts too) is
  // hidden from screen readers.
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const suspend = choice.action === 'suspend';
  const titleId = `action-${choice.action}-title`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { reason, days: suspend ? Number(days) : undefined };
    const found = actionProblem(choice, input);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setRefused(null);
    const done = await act(actionBody(detail, choice.action, input));
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
    if (done.ok) onClose();
    else setRefused(done.message);
  };

  const reasonError = problem !== null && choice.reasonRequired && !reason.trim();
  const daysError = problem !== null && !reasonError;
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>{choice.question}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{choice.explain}</DialogContentText>
          {refused && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refused}
            </Alert>
          )}
          {suspend && (
            <TextField
              label={t('actionsPanel.days')}
              type="number"
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={daysError}
              helperText={
                daysError
                  ? problem
                  : t('actionsPanel.daysHelp', { min: f.number(SUSPEND_DAYS.min), max: f.number(SUSPEND_DAYS.max) })
              }
              slotProps={{ htmlInput: { min: SUSPEND_DAYS.min, max: SUSPEND_DAYS.max, step: 1 } }}
              sx={{ mb: 2, width: 200, maxWidth: '100%' }}
            />
          )}
          <TextField
            label={choice.reasonRequired ? t('actionsPanel.reasonRequired') : t('actionsPanel.reasonOptional')}
            required={choice.reasonRequired}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={reasonError}
            helperText={reasonError ? problem : ' '}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" color={COLORS[choice.tone]} disabled={busy}>
            {choice.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ActionButtons({
  title,
  choices,
  onPick,
}: {
  title: string;
  choices: ActionChoice[];
  onPick: (c: ActionChoice) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {choices.map((c) => (
          <Button
            key={c.action}
            variant={c.tone === 'neutral' ? 'outlined' : 'contained'}
            color={COLORS[c.tone]}
            onClick={() => onPick(c)}
          >
            {c.label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}

export function ActionsPanel({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  const { t } = v;
  const [picked, setPicked] = useState<ActionChoice | null>(null);
  const { content, member } = reportActions(detail, v);
  const who = detail.snapshot.member ? `@${detail.snapshot.member.username}` : t('actionsPanel.theMember');
  // The choice picked, in the words of the page's language now (it may have changed since).
  const open = picked && [...content, ...member].find((c) => c.action === picked.action);
  return (
    <>
      <ActionButtons
        title={detail.kind === 'member' ? t('actionsPanel.aboutProfile') : t('actionsPanel.aboutContent')}
        choices={content}
        onPick={setPicked}
      />
      <ActionButtons title={t('actionsPanel.about', { who })} choices={member} onPick={setPicked} />
      {content.length === 0 && member.length === 0 && (
        <Typography color="text.secondary">{t('actionsPanel.nothing')}</Typography>
      )}
      {picked && (
        <ActionDialog key={picked.action} detail={detail} choice={open ?? picked} onClose={() => setPicked(null)} />
      )}
    </>
  );
}
