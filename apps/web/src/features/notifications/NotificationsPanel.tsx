/**
 * The notifications drawer (part 1 §2): full width on small screens, 24rem from md; grouped by
 * age; opening it clears the badge and asks the server for the list (which marks them read). The list
 * is a query, asked again at each opening; live notifications go on top of it.
 */
import { useEffect, type ReactElement } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Events, LAYOUT, type NotificationDto } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat, type Format } from '../../i18n/format';
import { useLocalize } from '../../i18n/language';
import { useConnectedSocket } from '../../lib/realtime';
import { askFor } from '../../lib/socketRequest';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { groupNotifications, splitMentions } from './notificationGroups';
import { useNotifications } from './notificationsState';

const listKey = ['notifications', 'list'] as const;

const TYPE_ICONS: Record<string, ReactElement> = {
  critical: <ReportOutlined />,
  security: <GppMaybeOutlined />,
  like: <FavoriteBorderOutlined />,
  comment: <ChatBubbleOutlineOutlined />,
  share: <ShareOutlined />,
  login: <LoginOutlined />,
  mention: <AlternateEmailOutlined />,
  system: <InfoOutlined />,
  follow: <PersonAddAltOutlined />,
  message: <MailOutlineOutlined />,
};

/** Today's by the time, older ones by the day. */
function when(iso: string, f: Format): string {
  const d = new Date(iso);
  return new Date().toDateString() === d.toDateString() ? f.time(d) : f.dayMonth(d);
}

function NotificationItem({ n, onNavigate }: { n: NotificationDto; onNavigate: (url: string) => void }) {
  const f = useFormat();
  // The server's words (a catalogue text, or a member's own) in the page's language where it has them.
  const localize = useLocalize();
  const unread = n.status === 'unread';
  return (
    <ListItem
      alignItems="flex-start"
      sx={{ gap: 1.5, bgcolor: unread ? 'action.hover' : undefined }}
      data-testid="notification-item"
    >
      {n.profileImage ? (
        <Avatar src={n.profileImage} alt="" />
      ) : (
        <Avatar
          sx={{ bgcolor: n.type === 'critical' || n.type === 'security' ? 'error.main' : 'primary.main' }}
          aria-hidden
        >
          {TYPE_ICONS[n.type] ?? <NotificationsNoneOutlined />}
        </Avatar>
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {splitMentions(localize(n.message)).map((part, i) =>
            part.handle ? (
              <Link
                key={i}
                component="button"
                onClick={() => onNavigate(`/u/@${part.handle}`)}
                sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
              >
                {part.text}
              </Link>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {when(n.date, f)}
        </Typography>
        {n.actions
          .filter((a) => a.type === 'link')
          .map((a) => (
            <Button
              key={a.label + a.url}
              size="small"
              sx={{ mt: 0.5, px: 0, minWidth: 0 }}
              onClick={() => onNavigate(a.url)}
            >
              {localize(a.label)}
            </Button>
          ))}
      </Box>
    </ListItem>
  );
}

export default function NotificationsPanel() {
  const { t } = useTranslation('notifications');
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const { panelOpen: open, closePanel: onClose, markAllSeen } = useNotifications();
  const navigate = useNavigate();
  // Asked while open: each opening enables the query again, which asks the server anew.
  const { data: items = null, isFetching } = useQuery({
    queryKey: listKey,
    queryFn:
      open && socket
        ? async () => {
            const list = await askFor(socket, { event: Events.notifications }, Events.getNotifications);
            return Array.isArray(list) ? list : [list];
          }
        : skipToken,
  });

  useSocketEvents({
    [Events.notification]: (n) =>
      client.setQueryData<NotificationDto[]>(listKey, (prev) => prev && [n, ...prev.filter((p) => p._id !== n._id)]),
  });
  useEffect(() => {
    if (open) markAllSeen();
  }, [open, markAllSeen]);
  // The list from an earlier opening is not shown as this one's: it waits for the fresh one.
  const shown = isFetching && open ? null : items;

  const go = (url: string) => {
    onClose();
    if (/^https?:\/\//.test(url)) window.open(url, '_blank', 'noopener');
    else void navigate(url);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: `${LAYOUT.notificationPanelWidthRem}rem` } },
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="notifications-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      {shown === null ? (
        <Box sx={{ p: 2 }} role="status" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="90%" />
                <Skeleton width="40%" />
              </Box>
            </Box>
          ))}
        </Box>
      ) : shown.length === 0 ? (
        <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <NotificationsNoneOutlined sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ mt: 1 }}>{t('caughtUp')}</Typography>
          <Typography variant="body2">{t('emptyText')}</Typography>
          <Button component={RouterLink} to="/friends" onClick={onClose} sx={{ mt: 2 }}>
            {t('findFriends')}
          </Button>
        </Box>
      ) : (
        <List sx={{ overflowY: 'auto', py: 0 }}>
          {groupNotifications(shown).map((group) => (
            <li key={group.name} aria-label={t(`groups.${group.name}`)}>
              <List disablePadding>
                <ListSubheader sx={{ lineHeight: '36px' }}>{t(`groups.${group.name}`)}</ListSubheader>
                {group.items.map((n) => (
                  <NotificationItem key={n._id} n={n} onNavigate={go} />
                ))}
              </List>
            </li>
          ))}
        </List>
      )}
    </Drawer>
  );
}
