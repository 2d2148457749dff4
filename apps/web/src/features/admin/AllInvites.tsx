/**
 * Every invite, newest first: its code, who made it, when it expires, and whether (and by whom) it was
 * used; an admin copies the link of an unused one, revokes it, or makes a new one in any mode.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { SIGNUP_LIMITS, type InviteDto } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { ListSkeleton, LoadError } from './AdminPage';
import { Section } from './SignupSection';
import { useAllInvites, useSignupCalls } from './signupsApi';
import { when } from './vocabulary';

const STATUS_LABELS: Record<InviteDto['status'], string> = { unused: 'Unused', used: 'Used', expired: 'Expired' };

function detail(invite: InviteDto): string {
  const by = `By ${invite.createdBy ? `@${invite.createdBy}` : 'a deleted member'}`;
  if (invite.status === 'used')
    return `${by} · used${invite.usedBy ? ` by @${invite.usedBy}` : ''}${invite.usedAt ? ` ${when(invite.usedAt)}` : ''}`;
  return `${by} · ${invite.status === 'expired' ? 'expired' : 'expires'} ${when(invite.expiresAt)}`;
}

export function AllInvites() {
  const toast = useToast();
  const invites = useAllInvites();
  const { createInvite, revokeInvite } = useSignupCalls();
  const [busy, setBusy] = useState(false);
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
    const done = await createInvite(SIGNUP_LIMITS.inviteDaysDefault);
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
    if (done.link) await copy(done.link);
  };
  const revoke = async (code: string) => {
    const done = await revokeInvite(code);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
  };

  return (
    <Section id="signup-invites" title="Invites">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
          Members make invites while joining is by invitation (up to {SIGNUP_LIMITS.invitesPerMember} unused each); each
          works once, for {SIGNUP_LIMITS.inviteDaysDefault} days unless they chose otherwise.
        </Typography>
        <Button variant="outlined" onClick={() => void create()} disabled={busy}>
          Create invite
        </Button>
      </Box>
      {invites.isError && <LoadError error={invites.error} />}
      {!invites.data ? (
        !invites.isError && <ListSkeleton rows={2} height={56} />
      ) : invites.data.length === 0 ? (
        <Typography color="text.secondary">No invites yet.</Typography>
      ) : (
        <List aria-label="All invites" dense disablePadding>
          {invites.data.map((invite) => (
            <ListItem key={invite.code} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ minWidth: 220, flex: '1 1 320px' }}
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box component="code" sx={{ fontSize: '0.9rem', overflowWrap: 'anywhere' }}>
                      {invite.code}
                    </Box>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={invite.status === 'unused' ? 'success' : 'default'}
                      label={STATUS_LABELS[invite.status]}
                    />
                  </Box>
                }
                secondary={detail(invite)}
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
      )}
    </Section>
  );
}
