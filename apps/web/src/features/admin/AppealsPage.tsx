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
import type { AppealDto } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { useAppeals, useStaffCalls } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { actionSummary, kindLabel, when } from './vocabulary';

function AppealCard({ appeal }: { appeal: AppealDto }) {
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
        @{appeal.member} appeals: {actionSummary(action)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Appealed {when(appeal.at)}
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
        <dt>Action</dt>
        <dd>
          {actionSummary(action)} on a {kindLabel(action.targetKind).toLowerCase()}
        </dd>
        <dt>Reason given</dt>
        <dd>{action.reason || '(none)'}</dd>
        <dt>Taken by</dt>
        <dd>{action.actor ? `@${action.actor}` : 'a former staff member'}</dd>
        <dt>When</dt>
        <dd>{when(action.at)}</dd>
      </Box>
      <Typography variant="subtitle2" component="h3">
        The member says
      </Typography>
      <Typography
        component="blockquote"
        sx={{
          m: 0,
          mb: 2,
          pl: 1.5,
          borderLeft: 3,
          borderColor: 'divider',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {appeal.text}
      </Typography>
      <TextField
        label="Reason for your decision (for the audit log)"
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
          Uphold
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void decide(true)}>
          Reverse
        </Button>
      </Box>
    </Paper>
  );
}

export default function AppealsPage() {
  const appeals = useAppeals();
  return (
    <AdminPage
      title="Appeals"
      intro="Members appeal an action once. Uphold it, or reverse it; a staff member who did not take the action decides."
    >
      {appeals.isError && <LoadError error={appeals.error} />}
      {!appeals.data ? (
        !appeals.isError && <ListSkeleton />
      ) : appeals.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No open appeals
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
