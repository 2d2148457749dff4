/**
 * The report queue: reported things, each with its reports grouped (how many, why, since when, who took
 * it) and a snapshot of it as members saw it; filtered by status, reason, kind and age, kept in the URL.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { REPORT_KINDS, REPORT_REASON_LABELS, REPORT_REASONS, type ReportGroup } from '@sajha/contract';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { useQueue } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { readQueueFilters, REPORT_STATUSES, writeQueueFilters, type QueueFilters } from './filters';
import { SnapshotView } from './SnapshotView';
import { ago, KIND_LABELS, kindLabel, STATUS_LABELS, when } from './vocabulary';

/** "Older than" choices, in hours. */
const AGES = [1, 6, 24, 72, 168];
const ageLabel = (h: number) => (h < 24 ? `${h} hour${h === 1 ? '' : 's'}` : `${h / 24} day${h === 24 ? '' : 's'}`);

function Filter(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

function Filters({ filters, onChange }: { filters: QueueFilters; onChange: (f: QueueFilters) => void }) {
  const ages =
    filters.olderThanHours && !AGES.includes(filters.olderThanHours) ? [...AGES, filters.olderThanHours] : AGES;
  return (
    <Box
      role="search"
      aria-label="Filter reports"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 200px))' },
        gap: 1.5,
        mb: 2,
      }}
    >
      <Filter
        label="Status"
        value={filters.status}
        onChange={(v) => onChange({ ...filters, status: v as QueueFilters['status'] })}
        options={REPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
      />
      <Filter
        label="Reason"
        value={filters.reason ?? ''}
        onChange={(v) => onChange({ ...filters, reason: (v || undefined) as QueueFilters['reason'] })}
        options={[
          { value: '', label: 'Any reason' },
          ...REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] })),
        ]}
      />
      <Filter
        label="Kind"
        value={filters.kind ?? ''}
        onChange={(v) => onChange({ ...filters, kind: (v || undefined) as QueueFilters['kind'] })}
        options={[{ value: '', label: 'Any kind' }, ...REPORT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))]}
      />
      <Filter
        label="Older than"
        value={filters.olderThanHours ? `${filters.olderThanHours}` : ''}
        onChange={(v) => onChange({ ...filters, olderThanHours: v ? Number(v) : undefined })}
        options={[{ value: '', label: 'Any age' }, ...ages.map((h) => ({ value: `${h}`, label: ageLabel(h) }))]}
      />
    </Box>
  );
}

function GroupCard({ group }: { group: ReportGroup }) {
  const headingId = `report-${group.key.replace(/[^a-z0-9-]/gi, '-')}`;
  const by = group.snapshot.member ? ` by @${group.snapshot.member.username}` : '';
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {kindLabel(group.kind)}
          {by}
        </Typography>
        <Chip
          size="small"
          color={group.count > 1 ? 'primary' : 'default'}
          label={`${group.count} report${group.count === 1 ? '' : 's'}`}
        />
      </Box>
      <Box
        component="ul"
        aria-label="Reasons"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, mb: 1, listStyle: 'none' }}
      >
        {group.reasons.map((r) => (
          <li key={r}>
            <Chip size="small" variant="outlined" label={REPORT_REASON_LABELS[r]} />
          </li>
        ))}
      </Box>
      <SnapshotView snapshot={group.snapshot} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mt: 1.5,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          First reported{' '}
          <time dateTime={group.firstAt} title={when(group.firstAt)}>
            {ago(group.firstAt)}
          </time>
          {group.count > 1 && (
            <>
              {' · last '}
              <time dateTime={group.lastAt} title={when(group.lastAt)}>
                {ago(group.lastAt)}
              </time>
            </>
          )}
          {' · '}
          {group.assignedTo ? `Assigned to @${group.assignedTo}` : 'Unassigned'}
        </Typography>
        <Button component={RouterLink} to={`/admin/reports/${group.kind}/${group.id}`} variant="contained" size="small">
          Review<VisuallyHidden>{` ${kindLabel(group.kind).toLowerCase()}${by}`}</VisuallyHidden>
        </Button>
      </Box>
    </Paper>
  );
}

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readQueueFilters(params);
  const queue = useQueue(filters);
  const filtered = Boolean(filters.reason || filters.kind || filters.olderThanHours);
  const groups = queue.data;
  const status = STATUS_LABELS[filters.status].toLowerCase();

  return (
    <AdminPage title="Reports" intro="Reported things, newest report first. Open one to act on it.">
      <Filters filters={filters} onChange={(f) => setParams(writeQueueFilters(f))} />
      {queue.isError && <LoadError error={queue.error} />}
      {!groups ? (
        !queue.isError && <ListSkeleton />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {groups.length === 0
              ? ''
              : `${groups.length} reported thing${groups.length === 1 ? '' : 's'}${groups.length === 100 ? ' (the newest 100)' : ''}`}
          </Typography>
          {groups.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                No {status} reports
              </Typography>
              <Typography color="text.secondary">
                {filtered
                  ? 'Nothing matches these filters.'
                  : filters.status === 'open'
                    ? 'When members report something, it shows here.'
                    : `Reports staff have ${status} show here.`}
              </Typography>
            </Paper>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, opacity: queue.isPlaceholderData ? 0.6 : 1 }}>
              {groups.map((g) => (
                <GroupCard key={g.key} group={g} />
              ))}
            </Box>
          )}
        </>
      )}
    </AdminPage>
  );
}
