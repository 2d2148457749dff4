/**
 * One reported thing (/admin/reports/:kind/:id): the snapshot (for a chat message, the messages around
 * it), every report's reason and note, the member's standing and their history of actions, staff notes,
 * "Assign to me", and the actions panel.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import type { ReportDetail } from '@sajha/contract';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { ActionsPanel } from './ActionsPanel';
import { useReport, useStaffCalls } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { SnapshotView } from './SnapshotView';
import { SEP, useVocabulary } from './vocabulary';

function Section({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const id = `section-${name}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Reports({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {detail.reports.map((r) => (
        <li key={r.id}>
          <Typography variant="body2">
            <strong>{v.reasonLabel(r.reason)}</strong>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {SEP}
              {v.when(r.at)}
            </Box>
          </Typography>
          {r.note && (
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}
            >
              {v.t('report.quoted', { note: r.note })}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

function MemberState({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  const { t } = v;
  const state = detail.memberState;
  const member = detail.snapshot.member;
  if (!state || !member) return <Typography color="text.secondary">{t('report.accountGone')}</Typography>;
  const chips: { label: string; filled?: boolean }[] = [];
  if (state.suspendedUntil)
    chips.push({ label: t('sanctions.suspendedUntil', { date: v.when(state.suspendedUntil) }) });
  if (state.banned) chips.push({ label: t('sanctions.banned'), filled: true });
  if (state.limited) chips.push({ label: t('sanctions.limited') });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography>
        <strong>{member.name}</strong>{' '}
        <Link component={RouterLink} to={`/u/${member.username}`}>
          @{member.username}
        </Link>
      </Typography>
      <Box
        component="ul"
        aria-label={t('report.standing')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}
      >
        <li>
          <Chip
            size="small"
            label={v.roleLabel(state.role)}
            color={state.role === 'member' ? 'default' : 'secondary'}
          />
        </li>
        {chips.map((c) => (
          <li key={c.label}>
            <Chip size="small" label={c.label} color="primary" variant={c.filled ? 'filled' : 'outlined'} />
          </li>
        ))}
        {chips.length === 0 && (
          <li>
            <Chip size="small" variant="outlined" label={t('report.noSanctions')} />
          </li>
        )}
      </Box>
      {state.role !== 'member' && (
        <Typography variant="body2" color="text.secondary">
          {t('report.isStaff')}
        </Typography>
      )}
    </Box>
  );
}

function History({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  const { t } = v;
  if (detail.history.length === 0) return <Typography color="text.secondary">{t('report.noActions')}</Typography>;
  const byId = new Map(detail.history.map((e) => [e.id, e]));
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {detail.history.map((e) => {
        const reversed = e.reverses ? byId.get(e.reverses) : undefined;
        const onThis = e.targetKind === detail.kind && e.targetId === detail.id;
        return (
          <li key={e.id}>
            <Typography variant="body2">
              <strong>{v.actionSummary(e)}</strong>
              {!onThis && e.targetKind !== 'member' && ` ${t('report.another', { kind: v.kindWord(e.targetKind) })}`}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {` ${t('report.by', { who: e.actor ? `@${e.actor}` : t('formerStaff'), date: v.when(e.at) })}`}
              </Box>
            </Typography>
            {e.reason && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('reasonLine', { reason: e.reason })}
              </Typography>
            )}
            {e.reverses && (
              <Typography variant="caption" color="text.secondary">
                {reversed
                  ? t('report.reversesOf', { action: v.actionSummary(reversed), date: v.when(reversed.at) })
                  : t('report.reversesEarlier')}
              </Typography>
            )}
          </li>
        );
      })}
    </Box>
  );
}

function Notes({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  const { t } = v;
  const toast = useToast();
  const { note } = useStaffCalls();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const done = await note(detail.kind, detail.id, text.trim());
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
    if (done.ok) setText('');
  };
  return (
    <>
      {detail.notes.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('report.noNotes')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 1 }}>
          {detail.notes.map((n, i) => (
            <li key={`${n.at}-${i}`}>
              <Typography variant="caption" color="text.secondary" component="p">
                @{n.author}
                {SEP}
                {v.when(n.at)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Box
        component="form"
        aria-label={t('report.addNoteForm')}
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'grid', gap: 1 }}
      >
        <TextField
          label={t('report.noteLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !text.trim()} sx={{ justifySelf: 'start' }}>
          {t('report.addNote')}
        </Button>
      </Box>
    </>
  );
}

function Detail({ detail }: { detail: ReportDetail }) {
  const v = useVocabulary();
  const { t, f } = v;
  const toast = useToast();
  const me = useAuth().user?.username;
  const { assign } = useStaffCalls();
  const [assigning, setAssigning] = useState(false);
  const mine = detail.assignedTo !== null && detail.assignedTo === me;
  const takeIt = async () => {
    setAssigning(true);
    const done = await assign(detail.kind, detail.id);
    setAssigning(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Chip
          label={v.statusLabel(detail.status)}
          color={detail.status === 'open' ? 'primary' : 'default'}
          size="small"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('report.summary', {
            count: detail.count,
            n: f.number(detail.count),
            reasons: detail.reasons.map((r) => v.reasonLabel(r)).join(t('report.reasonSeparator')),
            date: v.when(detail.firstAt),
          })}
          {SEP}
          {detail.assignedTo ? t('assignedTo', { username: detail.assignedTo }) : t('unassigned')}
        </Typography>
        {detail.status === 'open' && !mine && (
          <Button variant="outlined" size="small" disabled={assigning} onClick={() => void takeIt()}>
            {t('report.assignToMe')}
          </Button>
        )}
      </Box>
      {/*
        One reading order at every width: what was reported, what to do about it (actions, the member, their
        past), then the reports' notes and staff notes. From md up the second group is a column on the
        right, beside both others.
      */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateAreas: { xs: '"snap" "side" "rest"', md: '"snap side" "rest side"' },
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        <Box sx={{ gridArea: 'snap', minWidth: 0 }}>
          <Section name="what-was-reported" title={t('report.whatWasReported')}>
            <SnapshotView snapshot={detail.snapshot} full />
          </Section>
        </Box>
        <Box sx={{ gridArea: 'side', display: 'grid', gap: 2, minWidth: 0 }}>
          <Section name="actions" title={t('report.actions')}>
            <ActionsPanel detail={detail} />
          </Section>
          <Section name="member" title={t('report.member')}>
            <MemberState detail={detail} />
          </Section>
          <Section name="past-actions" title={t('report.pastActions')}>
            <History detail={detail} />
          </Section>
        </Box>
        <Box sx={{ gridArea: 'rest', display: 'grid', gap: 2, minWidth: 0 }}>
          <Section name="reports" title={t('report.reports', { n: f.number(detail.reports.length) })}>
            <Reports detail={detail} />
          </Section>
          <Section name="staff-notes" title={t('report.staffNotes')}>
            <Notes detail={detail} />
          </Section>
        </Box>
      </Box>
    </>
  );
}

export default function ReportPage() {
  const v = useVocabulary();
  const { t } = v;
  const params = useParams();
  // An unknown kind is asked as it is: the server answers that it is not there.
  const kind = params.kind ?? '';
  const id = params.id ?? '';
  const report = useReport(kind, id);
  const detail = report.data;
  return (
    <AdminPage
      title={detail ? v.byline(detail.kind, detail.snapshot.member?.username) : t('report.title')}
      actions={
        <Button component={RouterLink} to="/admin/reports" startIcon={<ArrowBack />} size="small">
          {t('report.allReports')}
        </Button>
      }
    >
      {report.isError && <LoadError error={report.error} />}
      {detail ? <Detail detail={detail} /> : !report.isError && <ListSkeleton rows={2} height={220} />}
    </AdminPage>
  );
}
