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
import { Routes, SIGNUP_LIMITS, type InviteDto } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormat, type Format } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { messages } from '../../i18n/prefs';
import { call } from '../../lib/http';
import { useToast } from '../../lib/toast';

const invitesKey = ['settings', 'invites'] as const;
const DAY_CHOICES = [1, SIGNUP_LIMITS.inviteDaysDefault, SIGNUP_LIMITS.inviteDaysMax];

function useMyInvites() {
  return useQuery({
    queryKey: invitesKey,
    queryFn: async () => {
      const res = await call(Routes.myInvites);
      if (!res.ok) throw new Error(res.data.message ?? messages().Messages.server.internal);
      return res.data;
    },
  });
}

function statusLine(invite: InviteDto, t: TFunction<'settings'>, f: Format): string {
  if (invite.status === 'used') {
    const username = invite.usedBy;
    const date = invite.usedAt ? f.date(invite.usedAt) : null;
    if (username && date) return t('invites.usedByOn', { username, date });
    if (username) return t('invites.usedBy', { username });
    if (date) return t('invites.usedOn', { date });
    return t('invites.used');
  }
  if (invite.status === 'expired') return t('invites.expiredOn', { date: f.date(invite.expiresAt) });
  return t('invites.expires', { date: f.date(invite.expiresAt) });
}

export function InvitesSection() {
  const { t } = useTranslation('settings');
  const m = useMessages();
  const f = useFormat();
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
      toast.show({ message: t('invites.copied'), type: 'success' });
    } catch {
      toast.show({ message: t('invites.copyThis', { link }), type: 'normal' });
    }
  };
  const create = async () => {
    setBusy(true);
    try {
      const res = await call(Routes.createInvite, { body: { days } });
      toast.show({ message: res.data.message ?? m.Messages.server.internal, type: res.ok ? 'success' : 'error' });
      if (res.ok) await copy(res.data.invite.link);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const revoke = async (code: string) => {
    const res = await call(Routes.revokeInvite, { params: { code } });
    toast.show({ message: res.data.message ?? m.Messages.server.internal, type: res.ok ? 'success' : 'error' });
    await refresh();
  };

  return (
    <Box component="section" aria-labelledby="invites-heading">
      <Divider sx={{ my: 4 }} />
      <Typography id="invites-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('invites.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {data.enabled
          ? [t('invites.enabled'), data.left === null ? '' : t('invites.left', { left: f.number(data.left) })]
              .filter(Boolean)
              .join(' ')
          : t('invites.disabled')}
      </Typography>
      {data.enabled ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('invites.worksFor')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {DAY_CHOICES.map((d) => (
              <MenuItem key={d} value={d}>
                {t('invites.days', { count: d, days: f.number(d) })}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => void create()} disabled={busy || data.left === 0}>
            {t('invites.create')}
          </Button>
        </Box>
      ) : null}
      {data.invites.length ? (
        <List aria-label={t('invites.list')} dense disablePadding>
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
                      label={t(`invites.status.${invite.status}`)}
                      color={invite.status === 'unused' ? 'success' : 'default'}
                      variant="outlined"
                    />
                  </Box>
                }
                secondary={statusLine(invite, t, f)}
                sx={{ minWidth: 200 }}
              />
              {invite.status === 'unused' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<ContentCopyOutlined />}
                    onClick={() => void copy(invite.link)}
                    aria-label={t('invites.copyLinkOf', { code: invite.code })}
                  >
                    {t('invites.copyLink')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void revoke(invite.code)}
                    aria-label={t('invites.revokeOf', { code: invite.code })}
                  >
                    {t('invites.revoke')}
                  </Button>
                </Box>
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('invites.empty')}</Typography>
      )}
    </Box>
  );
}
