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
import { useTranslation } from 'react-i18next';
import {
  ACTION_DESCRIPTIONS,
  appealBodySchema,
  type ModerationAction,
  type RouteAnswer,
  type Routes,
} from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { useToast } from '../../lib/toast';
import { APPEAL_MAX, moderationKeys, sendAppeal, useMyActions } from './queries';

type MyAction = RouteAnswer<typeof Routes.myActions>['actions'][number];

/** The colour of each appeal's state (its words: `standing.appeals.<state>`). */
const APPEAL_COLORS: Record<Exclude<MyAction['appeal'], 'none'>, 'default' | 'success'> = {
  open: 'default',
  upheld: 'default',
  reversed: 'success',
};

/**
 * What the server says moderators did ("suspended your account for 3 days", the contract's English
 * ACTION_DESCRIPTIONS), as the action and its days, so the sentence is the catalogue's in any language.
 */
function describedAction(what: string): { action: ModerationAction; days?: number } | null {
  for (const [name, describe] of Object.entries(ACTION_DESCRIPTIONS)) {
    const action = name as ModerationAction;
    if (!describe) continue;
    if (action === 'suspend') {
      const days = Number(/\d+/.exec(what)?.[0]);
      if (Number.isInteger(days) && describe(days) === what) return { action, days };
    } else if (describe() === what) {
      return { action };
    }
  }
  return null;
}

function AppealForm({ action, onDone }: { action: MyAction; onDone: () => void }) {
  const { t } = useTranslation('moderation');
  const f = useFormat();
  const { Messages } = useMessages();
  const localize = useLocalize();
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
    if (!parsed.success) {
      // The contract's words for what is wrong, in the page's language.
      return setError(localize(parsed.error.issues[0]?.message ?? Messages.server.internal));
    }
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      <TextField
        label={t('standing.why')}
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
        helperText={error ?? t('standing.help', { length: f.number(text.length), max: f.number(APPEAL_MAX) })}
        slotProps={{ htmlInput: { maxLength: APPEAL_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onDone} disabled={send.isPending}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={send.isPending}>
          {t('standing.send')}
        </Button>
      </Box>
    </Box>
  );
}

function ActionItem({ action, focused }: { action: MyAction; focused: boolean }) {
  const { t } = useTranslation('moderation');
  const f = useFormat();
  const localize = useLocalize();
  const [appealing, setAppealing] = useState(false);
  const state = action.appeal === 'none' ? null : action.appeal;
  const known = describedAction(action.what);
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
      <Typography sx={{ fontWeight: 600 }}>
        {known
          ? t(`standing.done.${known.action}`, { count: known.days, days: f.number(known.days ?? 0) })
          : t('standing.did', { what: localize(action.what) })}
      </Typography>
      {action.reason && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {t('standing.reason', { reason: action.reason })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ flex: 1 }}>
          <time dateTime={action.at}>{f.dateTime(action.at)}</time>
        </Typography>
        {action.reversed && action.appeal !== 'reversed' && (
          <Chip size="small" color="success" label={t('standing.reversed')} />
        )}
        {state && <Chip size="small" color={APPEAL_COLORS[state]} label={t(`standing.appeals.${state}`)} />}
        {canAppeal && !appealing && (
          <Button size="small" variant="outlined" onClick={() => setAppealing(true)}>
            {t('standing.appeal')}
          </Button>
        )}
      </Box>
      {appealing && <AppealForm action={action} onDone={() => setAppealing(false)} />}
    </Paper>
  );
}

export function StandingSection() {
  const { t } = useTranslation('moderation');
  const { Messages } = useMessages();
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
        {t('standing.title')}
      </Typography>
      {isError ? (
        <Alert severity="error">{Messages.server.internal}</Alert>
      ) : !data ? (
        <Skeleton height={72} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{t('standing.good')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('standing.list')}
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
