/**
 * Members as staff see them: search by name or username (without a search, the staff), each with their
 * role and sanctions. Admins change a member's role (with a confirmation); moderators read roles only.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ROLES, type Role, type StaffMember } from '@sajha/contract';
import { useDebounced } from '../../lib/useDebounced';
import { useToast } from '../../lib/toast';
import { useStaffCalls, useStaffMembers } from './adminApi';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { useStaff } from './staffRole';
import { useVocabulary } from './vocabulary';

function RoleDialog(props: { member: StaffMember; role: Role; onClose: () => void }) {
  const { t } = useVocabulary();
  const toast = useToast();
  const { act } = useStaffCalls();
  const [busy, setBusy] = useState(false);
  const { member, role } = props;
  const confirm = async () => {
    setBusy(true);
    const done = await act({ action: 'grant-role', kind: 'member', id: member.uid, role });
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
    props.onClose();
  };
  return (
    <Dialog open onClose={() => !busy && props.onClose()} aria-labelledby="role-dialog-title">
      <DialogTitle id="role-dialog-title">{t(`members.makeTitle.${role}`, { username: member.username })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(`members.explain.${role}`)} {t('members.auditNote')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          {t(`members.make.${role}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Sanctions({ member }: { member: StaffMember }) {
  const v = useVocabulary();
  const { t } = v;
  const chips: { label: string; filled?: boolean }[] = [];
  if (member.suspendedUntil)
    chips.push({ label: t('sanctions.suspendedUntil', { date: v.when(member.suspendedUntil) }) });
  if (member.banned) chips.push({ label: t('sanctions.banned'), filled: true });
  if (member.limited) chips.push({ label: t('sanctions.limited') });
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('sanctions.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}
    >
      {chips.map((c) => (
        <li key={c.label}>
          <Chip size="small" color="primary" variant={c.filled ? 'filled' : 'outlined'} label={c.label} />
        </li>
      ))}
    </Box>
  );
}

function MemberRow({
  member,
  canChange,
  onChange,
}: {
  member: StaffMember;
  canChange: boolean;
  onChange: (r: Role) => void;
}) {
  const v = useVocabulary();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: { xs: 1.5, md: 2 },
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{member.name}</Typography>
        <Link component={RouterLink} to={`/u/${member.username}`} variant="body2">
          @{member.username}
        </Link>
        <Sanctions member={member} />
      </Box>
      {canChange ? (
        <TextField
          select
          size="small"
          label={v.t('members.roleOf', { username: member.username })}
          value={member.role}
          onChange={(e) => onChange(e.target.value as Role)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {v.roleLabel(r)}
            </option>
          ))}
        </TextField>
      ) : (
        <Chip label={v.roleLabel(member.role)} color={member.role === 'member' ? 'default' : 'secondary'} />
      )}
    </Box>
  );
}

export default function MembersPage() {
  const { t } = useVocabulary();
  const { role } = useStaff();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useDebounced(typed.trim(), 300);
  useEffect(() => {
    setParams(q ? { q } : {}, { replace: true });
  }, [q, setParams]);
  const members = useStaffMembers(q);
  const [change, setChange] = useState<{ member: StaffMember; role: Role } | null>(null);
  const list = members.data;

  return (
    <AdminPage
      title={t('members.title')}
      intro={role === 'admin' ? t('members.introAdmin') : t('members.introModerator')}
    >
      <Box
        component="form"
        role="search"
        aria-label={t('members.search')}
        onSubmit={(e) => e.preventDefault()}
        sx={{ mb: 2 }}
      >
        <TextField
          type="search"
          label={t('members.searchLabel')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
      </Box>
      {members.isError && <LoadError error={members.error} />}
      {!list ? (
        !members.isError && <ListSkeleton rows={4} height={64} />
      ) : (
        <>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {q ? t('members.matching', { q }) : t('members.staff')}
          </Typography>
          {list.length === 0 ? (
            <Typography role="status" color="text.secondary">
              {q ? t('members.noMatch') : t('members.noStaff')}
            </Typography>
          ) : (
            <Paper
              component="ul"
              variant="outlined"
              sx={{ listStyle: 'none', p: 0, m: 0, opacity: members.isPlaceholderData ? 0.6 : 1 }}
            >
              {list.map((m) => (
                <MemberRow
                  key={m.uid}
                  member={m}
                  canChange={role === 'admin'}
                  onChange={(r) => setChange({ member: m, role: r })}
                />
              ))}
            </Paper>
          )}
        </>
      )}
      {change && <RoleDialog member={change.member} role={change.role} onClose={() => setChange(null)} />}
    </AdminPage>
  );
}
