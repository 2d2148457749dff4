/** Active sessions: browser and system, place when known, started and last seen; sign out one or all others. */
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import { Routes } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { call } from '../../lib/http';
import { useToast } from '../../lib/toast';
import { settingsKeys, useSessions } from './queries';

export function SessionsSection() {
  const { t } = useTranslation('settings');
  const m = useMessages();
  const f = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const { data: rows = null } = useSessions();

  const act = async (route: typeof Routes.revokeSession | typeof Routes.revokeOtherSessions, id?: string) => {
    const res = await call(route, { params: id ? { id } : {} });
    toast.show({
      message: res.data.message ?? (res.ok ? t('sessions.done') : m.Messages.server.internal),
      type: res.ok ? 'success' : 'error',
    });
    await client.invalidateQueries({ queryKey: settingsKeys.sessions });
  };

  const others = rows?.filter((r) => !r.current).length ?? 0;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('sessions.title')}
      </Typography>
      {!rows ? (
        <Box aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : (
        <List aria-label={t('sessions.list')}>
          {rows.map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                r.current ? (
                  <Chip label={t('sessions.thisDevice')} size="small" color="primary" variant="outlined" />
                ) : (
                  <Button size="small" color="error" onClick={() => void act(Routes.revokeSession, r.id)}>
                    {t('sessions.signOut')}
                  </Button>
                )
              }
              sx={{ pr: 14 }}
            >
              <ListItemIcon>{/Android|iOS/.test(r.os) ? <PhoneAndroidOutlined /> : <ComputerOutlined />}</ListItemIcon>
              <ListItemText
                primary={t('sessions.device', { browser: r.browser, os: r.os })}
                secondary={[
                  r.place,
                  t('sessions.times', { start: f.dateTime(r.createdAt), last: f.dateTime(r.lastSeenAt) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        color="error"
        disabled={others === 0}
        onClick={() => void act(Routes.revokeOtherSessions)}
      >
        {t('sessions.signOutOthers')}
      </Button>
    </Box>
  );
}
