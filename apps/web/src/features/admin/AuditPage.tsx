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
import { NONE, SEP, shortId, useVocabulary, type Vocabulary } from './vocabulary';

const at = (name: string | null) => (name ? `@${name}` : NONE);
const target = (v: Vocabulary, e: AuditEntry) =>
  v.t('audit.targetOf', { kind: v.kindLabel(e.targetKind), id: shortId(e.targetId) });

/** "Reverses Suspend · 3 days of 2 Jan 2026": the reversed entry when it is among those shown. */
function reversesText(v: Vocabulary, e: AuditEntry, byId: Map<string, AuditEntry>): string | null {
  if (!e.reverses) return null;
  const undone = byId.get(e.reverses);
  return undone
    ? v.t('audit.reverses', { action: v.actionSummary(undone), who: at(undone.actor), date: v.when(undone.at) })
    : v.t('audit.reversesEarlier');
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const v = useVocabulary();
  const { t } = v;
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
      aria-label={t('audit.filters')}
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
        label={t('audit.staffMember')}
        placeholder={t('audit.usernamePlaceholder')}
        value={draft.actor ?? ''}
        onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={t('audit.member')}
        placeholder={t('audit.usernamePlaceholder')}
        value={draft.member ?? ''}
        onChange={(e) => setDraft({ ...draft, member: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        size="small"
        label={t('audit.action')}
        value={draft.action ?? ''}
        onChange={(e) => setDraft({ ...draft, action: e.target.value || undefined })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('audit.anyAction')}</option>
        {MODERATION_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {v.actionName(a)}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('audit.filter')}
        </Button>
        <Button type="button" onClick={clear}>
          {t('audit.clear')}
        </Button>
      </Box>
    </Box>
  );
}

function AuditTable({ entries, byId }: { entries: AuditEntry[]; byId: Map<string, AuditEntry> }) {
  const v = useVocabulary();
  const { t } = v;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('audit.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.when')}</TableCell>
            <TableCell>{t('audit.who')}</TableCell>
            <TableCell>{t('audit.what')}</TableCell>
            <TableCell>{t('audit.target')}</TableCell>
            <TableCell>{t('audit.member')}</TableCell>
            <TableCell>{t('audit.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const reverses = reversesText(v, e, byId);
            return (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.when(e.at)}</TableCell>
                <TableCell>{at(e.actor)}</TableCell>
                <TableCell>
                  {v.actionSummary(e)}
                  {reverses && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {reverses}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={e.targetId}>
                  {target(v, e)}
                </TableCell>
                <TableCell>{at(e.member)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>{e.reason || NONE}</TableCell>
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
  const v = useVocabulary();
  const { t } = v;
  return (
    <Paper component="ol" variant="outlined" aria-label={t('audit.table')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e) => {
        const reverses = reversesText(v, e, byId);
        return (
          <Box
            component="li"
            key={e.id}
            sx={{ p: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
          >
            <Typography variant="body2">
              <strong>{at(e.actor)}</strong>
              {SEP}
              {v.actionSummary(e)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {target(v, e)}
              {e.member && ` ${t('audit.ofMember', { member: at(e.member) })}`}
              {SEP}
              {v.when(e.at)}
            </Typography>
            {e.reason && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('reasonLine', { reason: e.reason })}
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
  const { t } = useVocabulary();
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const audit = useAudit(filters);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const entries = audit.data;
  const byId = new Map((entries ?? []).map((e) => [e.id, e]));
  const filtered = Boolean(filters.actor || filters.member || filters.action);
  return (
    <AdminPage title={t('audit.title')} intro={t('audit.intro')}>
      {/* Keyed by the URL's filters: going back or forward shows them in the form too. */}
      <FilterForm key={params.toString()} filters={filters} onApply={(f) => setParams(writeAuditFilters(f))} />
      {audit.isError && <LoadError error={audit.error} />}
      {!entries ? (
        !audit.isError && <ListSkeleton rows={4} height={48} />
      ) : entries.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {filtered ? t('audit.noMatch') : t('audit.empty')}
        </Typography>
      ) : (
        <Box sx={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }}>
          {wide ? <AuditTable entries={entries} byId={byId} /> : <AuditList entries={entries} byId={byId} />}
        </Box>
      )}
    </AdminPage>
  );
}
