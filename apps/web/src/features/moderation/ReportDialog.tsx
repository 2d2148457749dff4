/**
 * "Report ...": a reason (one of the contract's), an optional note, Submit. The server's thanks comes as
 * a toast; a refusal stays in the dialog. Offered only on someone else's post, comment, clip, message,
 * profile or suggestion, by `useReportDialog` (one state per place that offers it).
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, reportBodySchema, type ReportKind, type ReportReason } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { useToast } from '../../lib/toast';
import { sendReport } from './queries';

const NOTE_MAX = reportBodySchema.shape.note.unwrap().maxLength ?? 1000;

export interface ReportTarget {
  kind: ReportKind;
  id: string;
  /** The dialog's title, the same words as the menu entry ("Report post", "Report @asha"). */
  title: string;
}

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const f = useFormat();
  const { Messages } = useMessages();
  const localize = useLocalize();
  const toast = useToast();
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = reportBodySchema.safeParse({ kind: target.kind, id: target.id, reason: reason ?? undefined, note });
    if (!parsed.success) {
      // The contract's words for what is wrong, in the page's language.
      setError(localize(parsed.error.issues[0]?.message ?? Messages.server.internal));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const message = await sendReport(parsed.data);
      toast.show({ message, type: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : Messages.server.internal);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-hint`}
    >
      <DialogTitle id={`${ids}-title`}>{target.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${ids}-hint`} sx={{ mb: 2 }}>
          {t('report.hint')}
        </DialogContentText>
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" id={`${ids}-reason`} sx={{ fontWeight: 600, color: 'text.primary' }}>
            {t('report.question')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${ids}-reason`}
            name="reason"
            value={reason ?? ''}
            onChange={(e) => {
              setReason(e.target.value as ReportReason);
              setError(null);
            }}
          >
            {REPORT_REASONS.map((r) => (
              <FormControlLabel
                key={r}
                value={r}
                control={<Radio size="small" />}
                label={t(`reasons.${r}`)}
                sx={{ my: -0.25 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('report.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          helperText={t('report.count', { length: f.number(note.length), max: f.number(NOTE_MAX) })}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          sx={{ mt: 2 }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          {t('report.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `open(target)` shows the report dialog; render `dialog` anywhere in the component. */
export function useReportDialog(): { open: (target: ReportTarget) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const open = useCallback((t: ReportTarget) => setTarget(t), []);
  const dialog = target ? <ReportDialog target={target} onClose={() => setTarget(null)} /> : null;
  return { open, dialog };
}
