/**
 * Open appeals, oldest first: the action appealed (what, why, who took it, when), the member's words,
 * and the decision with a reason. The server refuses the staff member who took the action; its words
 * are shown as they come.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Quote } from './Quote';
import type { AppealDto } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { useAppeals, useStaffCalls } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { useVocabulary } from './vocabulary';

function AppealCard({ appeal }: { appeal: AppealDto }) {
  const v = useVocabulary();
  const { t } = v;
  const toast = useToast();
  const { decideAppeal } = useStaffCalls();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = `appeal-${appeal.id}`;
  const action = appeal.action;
  const decide = async (reverse: boolean) => {
    setBusy(true);
    const done = await decideAppeal(appeal.id, reverse, reason.trim());
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
  };
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('appeals.heading', { member: appeal.member, action: v.actionSummary(action) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('appeals.appealed', { date: v.when(appeal.at) })}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 1.5,
          '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('appeals.action')}</dt>
        <dd>{t('appeals.onKind', { action: v.actionSummary(action), kind: v.kindWord(action.targetKind) })}</dd>
        <dt>{t('appeals.reasonGiven')}</dt>
        <dd>{action.reason || t('none')}</dd>
        <dt>{t('appeals.takenBy')}</dt>
        <dd>{action.actor ? `@${action.actor}` : t('formerStaff')}</dd>
        <dt>{t('appeals.when')}</dt>
        <dd>{v.when(action.at)}</dd>
      </Box>
      <Typography variant="subtitle2" component="h3">
        {t('appeals.memberSays')}
      </Typography>
      <Quote sx={{ mb: 2 }}>{appeal.text}</Quote>
      <TextField
        label={t('appeals.decisionReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        fullWidth
        multiline
        minRows={1}
        size="small"
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ mb: 1.5 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void decide(false)}>
          {t('appeals.uphold')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void decide(true)}>
          {t('appeals.reverse')}
        </Button>
      </Box>
    </Paper>
  );
}

export default function AppealsPage() {
  const { t } = useVocabulary();
  const appeals = useAppeals();
  return (
    <AdminPage title={t('appeals.title')} intro={t('appeals.intro')}>
      {appeals.isError && <LoadError error={appeals.error} />}
      {!appeals.data ? (
        !appeals.isError && <ListSkeleton />
      ) : appeals.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {t('appeals.empty')}
          </Typography>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {appeals.data.map((a) => (
            <AppealCard key={a.id} appeal={a} />
          ))}
        </Box>
      )}
    </AdminPage>
  );
}
