/**
 * Settings → Safety → Your account standing: each action moderators took against the member, what and
 * why and when, and its appeal: "Appeal" once while none was made, else where the appeal stands. A
 * notice's "Review or appeal" link lands here on the action (/moderation#{id}).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { appealBodySchema, Messages, type RouteAnswer, type Routes } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { APPEAL_MAX, moderationKeys, sendAppeal, useMyActions } from './queries';

type MyAction = RouteAnswer<typeof Routes.myActions>['actions'][number];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const APPEAL_STATES: Record<Exclude<MyAction['appeal'], 'none'>, { label: string; color: 'default' | 'success' }> = {
  open: { label: 'Appeal pending', color: 'default' },
  upheld: { label: 'Appeal reviewed: the action stands', color: 'default' },
  reversed: { label: 'Appeal accepted: reversed', color: 'success' },
};

function AppealForm({ action, onDone }: { action: MyAction; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: string) => sendAppeal(action.id, body),
    onSuccess: async (message) => {
      toast.show({ message, type: 'success' });
      await client.invalidateQueries({ queryKey: moderationKeys.mine });
      onDone();
    },
    onError: (err) => setError(err instanceof Error ? err.message : Messages.server.internal),
  });
  const submit = () => {
    const parsed = appealBodySchema.shape.text.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? Messages.server.internal);
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      <TextField
        label="Why was this wrong?"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        autoFocus
        error={Boolean(error)}
        helperText={error ?? `${text.length}/${APPEAL_MAX} · You can appeal each action once.`}
        slotProps={{ htmlInput: { maxLength: APPEAL_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={send.isPending}>
          Send appeal
        </Button>
      </Box>
    </Box>
  );
}

function ActionItem({ action, focused }: { action: MyAction; focused: boolean }) {
  const [appealing, setAppealing] = useState(false);
  const state = action.appeal === 'none' ? null : APPEAL_STATES[action.appeal];
  const canAppeal = action.appeal === 'none' && !action.reversed;
  return (
    <Paper
      component="li"
      variant="outlined"
      id={action.id}
      tabIndex={-1}
      data-testid="standing-action"
      sx={{ listStyle: 'none', p: 2, borderRadius: 2, ...(focused && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <Typography sx={{ fontWeight: 600 }}>Moderators {action.what}</Typography>
      {action.reason && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Reason: {action.reason}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ flex: 1 }}>
          <time dateTime={action.at}>{dateFormat.format(new Date(action.at))}</time>
        </Typography>
        {action.reversed && action.appeal !== 'reversed' && <Chip size="small" color="success" label="Reversed" />}
        {state && <Chip size="small" color={state.color} label={state.label} />}
        {canAppeal && !appealing && (
          <Button size="small" variant="outlined" onClick={() => setAppealing(true)}>
            Appeal
          </Button>
        )}
      </Box>
      {appealing && <AppealForm action={action} onDone={() => setAppealing(false)} />}
    </Paper>
  );
}

export function StandingSection() {
  const { data, isError } = useMyActions();
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.slice(1));
  // Arriving from a notice: the action it names comes into view.
  useEffect(() => {
    if (!data || !target) return;
    const el = document.getElementById(target);
    el?.scrollIntoView({ block: 'center' });
    el?.focus({ preventScroll: true });
  }, [data, target]);
  return (
    <Box component="section" aria-labelledby="standing-title">
      <Typography id="standing-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Your account standing
      </Typography>
      {isError ? (
        <Alert severity="error">{Messages.server.internal}</Alert>
      ) : !data ? (
        <Skeleton height={72} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">
          Your account is in good standing: moderators have taken no action.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Actions against your account"
          sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {data.map((a) => (
            <ActionItem key={a.id} action={a} focused={a.id === target} />
          ))}
        </Box>
      )}
    </Box>
  );
}
