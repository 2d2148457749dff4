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
import { Trans } from 'react-i18next';
import { REPORT_KINDS, REPORT_REASONS, type ReportGroup } from '@sajha/contract';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { useQueue } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { readQueueFilters, REPORT_STATUSES, writeQueueFilters, type QueueFilters } from './filters';
import { SnapshotView } from './SnapshotView';
import { SEP, useVocabulary, type Vocabulary } from './vocabulary';

/** "Older than" choices, in hours. */
const AGES = [1, 6, 24, 72, 168];
const ageLabel = ({ t, f }: Vocabulary, h: number) =>
  h < 24 ? t('queue.hours', { count: h, n: f.number(h) }) : t('queue.days', { count: h / 24, n: f.number(h / 24) });

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
  const v = useVocabulary();
  const { t } = v;
  const ages =
    filters.olderThanHours && !AGES.includes(filters.olderThanHours) ? [...AGES, filters.olderThanHours] : AGES;
  return (
    <Box
      role="search"
      aria-label={t('queue.filters')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 200px))' },
        gap: 1.5,
        mb: 2,
      }}
    >
      <Filter
        label={t('queue.status')}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: value as QueueFilters['status'] })}
        options={REPORT_STATUSES.map((s) => ({ value: s, label: v.statusLabel(s) }))}
      />
      <Filter
        label={t('queue.reason')}
        value={filters.reason ?? ''}
        onChange={(value) => onChange({ ...filters, reason: (value || undefined) as QueueFilters['reason'] })}
        options={[
          { value: '', label: t('queue.anyReason') },
          ...REPORT_REASONS.map((r) => ({ value: r, label: v.reasonLabel(r) })),
        ]}
      />
      <Filter
        label={t('queue.kind')}
        value={filters.kind ?? ''}
        onChange={(value) => onChange({ ...filters, kind: (value || undefined) as QueueFilters['kind'] })}
        options={[
          { value: '', label: t('queue.anyKind') },
          ...REPORT_KINDS.map((k) => ({ value: k, label: v.kindLabel(k) })),
        ]}
      />
      <Filter
        label={t('queue.olderThan')}
        value={filters.olderThanHours ? `${filters.olderThanHours}` : ''}
        onChange={(value) => onChange({ ...filters, olderThanHours: value ? Number(value) : undefined })}
        options={[
          { value: '', label: t('queue.anyAge') },
          ...ages.map((h) => ({ value: `${h}`, label: ageLabel(v, h) })),
        ]}
      />
    </Box>
  );
}

function GroupCard({ group }: { group: ReportGroup }) {
  const v = useVocabulary();
  const { t, f } = v;
  const headingId = `report-${group.key.replace(/[^a-z0-9-]/gi, '-')}`;
  const author = group.snapshot.member?.username;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {v.byline(group.kind, author)}
        </Typography>
        <Chip
          size="small"
          color={group.count > 1 ? 'primary' : 'default'}
          label={t('queue.reports', { count: group.count, n: f.number(group.count) })}
        />
      </Box>
      <Box
        component="ul"
        aria-label={t('queue.reasons')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, mb: 1, listStyle: 'none' }}
      >
        {group.reasons.map((r) => (
          <li key={r}>
            <Chip size="small" variant="outlined" label={v.reasonLabel(r)} />
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
          <Trans
            ns="admin"
            i18nKey="queue.firstReported"
            values={{ ago: v.ago(group.firstAt) }}
            components={{ time: <time dateTime={group.firstAt} title={v.when(group.firstAt)} /> }}
          />
          {group.count > 1 && (
            <>
              {SEP}
              <Trans
                ns="admin"
                i18nKey="queue.lastReported"
                values={{ ago: v.ago(group.lastAt) }}
                components={{ time: <time dateTime={group.lastAt} title={v.when(group.lastAt)} /> }}
              />
            </>
          )}
          {SEP}
          {group.assignedTo ? t('assignedTo', { username: group.assignedTo }) : t('unassigned')}
        </Typography>
        <Button component={RouterLink} to={`/admin/reports/${group.kind}/${group.id}`} variant="contained" size="small">
          {t('queue.review')}
          <VisuallyHidden>{` ${v.byline(group.kind, author, true)}`}</VisuallyHidden>
        </Button>
      </Box>
    </Paper>
  );
}

export default function ReportsPage() {
  const { t, f } = useVocabulary();
  const [params, setParams] = useSearchParams();
  const filters = readQueueFilters(params);
  const queue = useQueue(filters);
  const filtered = Boolean(filters.reason || filters.kind || filters.olderThanHours);
  const groups = queue.data;
  const NEWEST = 100;

  return (
    <AdminPage title={t('queue.title')} intro={t('queue.intro')}>
      <Filters filters={filters} onChange={(f) => setParams(writeQueueFilters(f))} />
      {queue.isError && <LoadError error={queue.error} />}
      {!groups ? (
        !queue.isError && <ListSkeleton />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {groups.length === 0
              ? ''
              : groups.length === NEWEST
                ? t('queue.countNewest', { n: f.number(groups.length), max: f.number(NEWEST) })
                : t('queue.count', { count: groups.length, n: f.number(groups.length) })}
          </Typography>
          {groups.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                {t(`queue.empty.${filters.status}`)}
              </Typography>
              <Typography color="text.secondary">
                {filtered ? t('queue.emptyHint.filtered') : t(`queue.emptyHint.${filters.status}`)}
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
