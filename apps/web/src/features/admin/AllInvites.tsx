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
import { SEP, useVocabulary, type Vocabulary } from './vocabulary';

/** "By @asha · used by @ravi 2 Jan 2026", "By @asha · expires 9 Jan 2026". */
function detail({ t, when }: Vocabulary, invite: InviteDto): string {
  const by = invite.createdBy
    ? t('signups.invites.by', { username: invite.createdBy })
    : t('signups.invites.byDeleted');
  let what: string;
  if (invite.status === 'used') {
    const date = invite.usedAt ? when(invite.usedAt) : undefined;
    what = invite.usedBy
      ? date
        ? t('signups.invites.usedByAt', { username: invite.usedBy, date })
        : t('signups.invites.usedBy', { username: invite.usedBy })
      : date
        ? t('signups.invites.usedAt', { date })
        : t('signups.invites.used');
  } else {
    what = t(invite.status === 'expired' ? 'signups.invites.expired' : 'signups.invites.expires', {
      date: when(invite.expiresAt),
    });
  }
  return `${by}${SEP}${what}`;
}

export function AllInvites() {
  const v = useVocabulary();
  const { t, f } = v;
  const toast = useToast();
  const invites = useAllInvites();
  const { createInvite, revokeInvite } = useSignupCalls();
  const [busy, setBusy] = useState(false);
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show({ message: t('signups.invites.copied'), type: 'success' });
    } catch {
      toast.show({ message: t('signups.invites.copyThis', { link }), type: 'normal' });
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
    <Section id="signup-invites" title={t('signups.invites.title')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
          {t('signups.invites.explain', {
            max: f.number(SIGNUP_LIMITS.invitesPerMember),
            days: f.number(SIGNUP_LIMITS.inviteDaysDefault),
          })}
        </Typography>
        <Button variant="outlined" onClick={() => void create()} disabled={busy}>
          {t('signups.invites.create')}
        </Button>
      </Box>
      {invites.isError && <LoadError error={invites.error} />}
      {!invites.data ? (
        !invites.isError && <ListSkeleton rows={2} height={56} />
      ) : invites.data.length === 0 ? (
        <Typography color="text.secondary">{t('signups.invites.empty')}</Typography>
      ) : (
        <List aria-label={t('signups.invites.list')} dense disablePadding>
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
                      label={t(`signups.invites.statuses.${invite.status}`)}
                    />
                  </Box>
                }
                secondary={detail(v, invite)}
              />
              {invite.status === 'unused' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<ContentCopyOutlined />}
                    onClick={() => void copy(invite.link)}
                    aria-label={t('signups.invites.copyLabel', { code: invite.code })}
                  >
                    {t('signups.invites.copy')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void revoke(invite.code)}
                    aria-label={t('signups.invites.revokeLabel', { code: invite.code })}
                  >
                    {t('signups.invites.revoke')}
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
