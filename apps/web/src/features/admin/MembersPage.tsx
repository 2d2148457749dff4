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
import { ROLE_LABELS, when } from './vocabulary';

const ROLE_EXPLAINED: Record<Role, string> = {
  member: 'They lose access to the staff screens.',
  moderator:
    'They can read reports, act on members and decide appeals. They cannot read the audit log or change roles.',
  admin: 'They can do everything staff can, read the audit log and change roles.',
};

function RoleDialog(props: { member: StaffMember; role: Role; onClose: () => void }) {
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
      <DialogTitle id="role-dialog-title">
        Make @{member.username} {role === 'admin' ? 'an' : 'a'} {ROLE_LABELS[role].toLowerCase()}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{ROLE_EXPLAINED[role]} The change is written to the audit log.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          Make {ROLE_LABELS[role].toLowerCase()}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Sanctions({ member }: { member: StaffMember }) {
  const chips: { label: string; filled?: boolean }[] = [];
  if (member.suspendedUntil) chips.push({ label: `Suspended until ${when(member.suspendedUntil)}` });
  if (member.banned) chips.push({ label: 'Banned', filled: true });
  if (member.limited) chips.push({ label: 'Limited' });
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Sanctions"
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
          label={`Role of @${member.username}`}
          value={member.role}
          onChange={(e) => onChange(e.target.value as Role)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </TextField>
      ) : (
        <Chip label={ROLE_LABELS[member.role]} color={member.role === 'member' ? 'default' : 'secondary'} />
      )}
    </Box>
  );
}

export default function MembersPage() {
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
      title="Members"
      intro={
        role === 'admin'
          ? 'Find a member to see their standing or change their role.'
          : 'Find a member to see their role and standing.'
      }
    >
      <Box component="form" role="search" aria-label="Find members" onSubmit={(e) => e.preventDefault()} sx={{ mb: 2 }}>
        <TextField
          type="search"
          label="Name or username"
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
            {q ? `Members matching “${q}”` : 'Staff'}
          </Typography>
          {list.length === 0 ? (
            <Typography role="status" color="text.secondary">
              {q ? 'No member matches.' : 'No staff yet.'}
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
