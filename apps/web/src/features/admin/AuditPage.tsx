/**
 * The audit log (admins): every staff action, newest first (the newest 200), filtered by who acted, the
 * member concerned and the action, kept in the URL. A reversal names the action it reverses.
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import { MODERATION_ACTIONS, type AuditEntry } from '@sajha/contract';
import { useAudit } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { readAuditFilters, writeAuditFilters, type AuditFilters } from './filters';
import { actionLabel, actionSummary, kindLabel, shortId, when } from './vocabulary';

const at = (name: string | null) => (name ? `@${name}` : '—');
const target = (e: AuditEntry) => `${kindLabel(e.targetKind)} ${shortId(e.targetId)}`;

/** "Reverses Suspend · 3 days of 2 Jan 2026": the reversed entry when it is among those shown. */
function reversesText(e: AuditEntry, byId: Map<string, AuditEntry>): string | null {
  if (!e.reverses) return null;
  const undone = byId.get(e.reverses);
  return undone
    ? `Reverses ${actionSummary(undone)} by ${at(undone.actor)} of ${when(undone.at)}`
    : 'Reverses an earlier action';
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 200px)) auto' },
        gap: 1.5,
        alignItems: 'center',
        mb: 2,
      }}
    >
      <TextField
        size="small"
        label="Staff member"
        placeholder="@username"
        value={draft.actor ?? ''}
        onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label="Member"
        placeholder="@username"
        value={draft.member ?? ''}
        onChange={(e) => setDraft({ ...draft, member: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        size="small"
        label="Action"
        value={draft.action ?? ''}
        onChange={(e) => setDraft({ ...draft, action: e.target.value || undefined })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Any action</option>
        {MODERATION_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {actionLabel(a)}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Filter
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Box>
    </Box>
  );
}

function AuditTable({ entries, byId }: { entries: AuditEntry[]; byId: Map<string, AuditEntry> }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Member</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const reverses = reversesText(e, byId);
            return (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.at)}</TableCell>
                <TableCell>{at(e.actor)}</TableCell>
                <TableCell>
                  {actionSummary(e)}
                  {reverses && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {reverses}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={e.targetId}>
                  {target(e)}
                </TableCell>
                <TableCell>{at(e.member)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>{e.reason || '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone: one card per entry, the same facts in reading order. */
function AuditList({ entries, byId }: { entries: AuditEntry[]; byId: Map<string, AuditEntry> }) {
  return (
    <Paper component="ol" variant="outlined" aria-label="Audit log" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e) => {
        const reverses = reversesText(e, byId);
        return (
          <Box
            component="li"
            key={e.id}
            sx={{ p: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
          >
            <Typography variant="body2">
              <strong>{at(e.actor)}</strong> · {actionSummary(e)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {target(e)}
              {e.member && ` of ${at(e.member)}`} · {when(e.at)}
            </Typography>
            {e.reason && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                Reason: {e.reason}
              </Typography>
            )}
            {reverses && (
              <Typography variant="caption" color="text.secondary" component="p">
                {reverses}
              </Typography>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const audit = useAudit(filters);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const entries = audit.data;
  const byId = new Map((entries ?? []).map((e) => [e.id, e]));
  const filtered = Boolean(filters.actor || filters.member || filters.action);
  return (
    <AdminPage title="Audit log" intro="Every staff action, newest first. Entries cannot be edited or deleted.">
      {/* Keyed by the URL's filters: going back or forward shows them in the form too. */}
      <FilterForm key={params.toString()} filters={filters} onApply={(f) => setParams(writeAuditFilters(f))} />
      {audit.isError && <LoadError error={audit.error} />}
      {!entries ? (
        !audit.isError && <ListSkeleton rows={4} height={48} />
      ) : entries.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {filtered ? 'No entries match these filters.' : 'No staff actions yet.'}
        </Typography>
      ) : (
        <Box sx={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }}>
          {wide ? <AuditTable entries={entries} byId={byId} /> : <AuditList entries={entries} byId={byId} />}
        </Box>
      )}
    </AdminPage>
  );
}
