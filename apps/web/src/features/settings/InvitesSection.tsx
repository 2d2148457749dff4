/**
 * Invite people (Settings → Account), shown while joining is by invitation (or to an admin, always):
 * make an invite that works once for the days chosen, copy its link (/signup?invite=CODE), see which
 * were used and by whom, and revoke an unused one. A member holds at most five unused invites.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Messages, Routes, SIGNUP_LIMITS, type InviteDto } from '@sajha/contract';
import { call } from '../../lib/http';
import { useToast } from '../../lib/toast';

const invitesKey = ['settings', 'invites'] as const;
const DAY_CHOICES = [1, SIGNUP_LIMITS.inviteDaysDefault, SIGNUP_LIMITS.inviteDaysMax];
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const on = (iso: string) => date.format(new Date(iso));

function useMyInvites() {
  return useQuery({
    queryKey: invitesKey,
    queryFn: async () => {
      const res = await call(Routes.myInvites);
      if (!res.ok) throw new Error(res.data.message ?? Messages.server.internal);
      return res.data;
    },
  });
}

function statusLine(invite: InviteDto): string {
  if (invite.status === 'used')
    return `Used${invite.usedBy ? ` by @${invite.usedBy}` : ''}${invite.usedAt ? ` on ${on(invite.usedAt)}` : ''}`;
  if (invite.status === 'expired') return `Expired on ${on(invite.expiresAt)}`;
  return `Expires ${on(invite.expiresAt)}`;
}

export function InvitesSection() {
  const client = useQueryClient();
  const toast = useToast();
  const { data } = useMyInvites();
  const [days, setDays] = useState<number>(SIGNUP_LIMITS.inviteDaysDefault);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  if (!data.enabled && data.invites.length === 0) return null;

  const refresh = () => client.invalidateQueries({ queryKey: invitesKey });
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show({ message: 'Invite link copied.', type: 'success' });
    } catch {
      toast.show({ message: `Copy this link: ${link}`, type: 'normal' });
    }
  };
  const create = async () => {
    setBusy(true);
    try {
      const res = await call(Routes.createInvite, { body: { days } });
      toast.show({ message: res.data.message ?? Messages.server.internal, type: res.ok ? 'success' : 'error' });
      if (res.ok) await copy(res.data.invite.link);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const revoke = async (code: string) => {
    const res = await call(Routes.revokeInvite, { params: { code } });
    toast.show({ message: res.data.message ?? Messages.server.internal, type: res.ok ? 'success' : 'error' });
    await refresh();
  };

  return (
    <Box component="section" aria-labelledby="invites-heading">
      <Divider sx={{ my: 4 }} />
      <Typography id="invites-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Invite people
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {data.enabled
          ? `Joining is by invitation right now. Each invite works once, for the days you choose.${
              data.left === null ? '' : ` You can make ${data.left} more.`
            }`
          : 'Joining is open again, so your invites are not needed now.'}
      </Typography>
      {data.enabled ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label="Works for"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {DAY_CHOICES.map((d) => (
              <MenuItem key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => void create()} disabled={busy || data.left === 0}>
            Create invite
          </Button>
        </Box>
      ) : null}
      {data.invites.length ? (
        <List aria-label="Your invites" dense disablePadding>
          {data.invites.map((invite) => (
            <ListItem key={invite.code} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box component="code" sx={{ fontSize: '0.9rem', overflowWrap: 'anywhere' }}>
                      {invite.code}
                    </Box>
                    <Chip
                      size="small"
                      label={invite.status === 'unused' ? 'Unused' : invite.status === 'used' ? 'Used' : 'Expired'}
                      color={invite.status === 'unused' ? 'success' : 'default'}
                      variant="outlined"
                    />
                  </Box>
                }
                secondary={statusLine(invite)}
                sx={{ minWidth: 200 }}
              />
              {invite.status === 'unused' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<ContentCopyOutlined />}
                    onClick={() => void copy(invite.link)}
                    aria-label={`Copy link of invite ${invite.code}`}
                  >
                    Copy link
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void revoke(invite.code)}
                    aria-label={`Revoke invite ${invite.code}`}
                  >
                    Revoke
                  </Button>
                </Box>
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">No invites yet.</Typography>
      )}
    </Box>
  );
}
