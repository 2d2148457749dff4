/** The conversations list: newest activity first, preview of 40 characters, unread and online badges. */
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LIMITS, smallAvatar, type ChatDto } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { formatTime, preview } from './chatState';

export function ChatList({
  chats,
  loaded,
  selectedId,
  onSelect,
  onNew,
}: {
  chats: ChatDto[];
  loaded: boolean;
  selectedId: string | undefined;
  onSelect: (chat: ChatDto) => void;
  onNew: () => void;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation('chat');
  const m = useMessages();
  const f = useFormat();
  const localize = useLocalize();
  const hidden = { hidden: <VisuallyHidden>{null}</VisuallyHidden> };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="h6" component="h1" sx={{ flex: 1, fontWeight: 700 }}>
          {t('list.heading')}
        </Typography>
        <Tooltip title={t('list.aiAssistant')}>
          <IconButton aria-label={t('list.aiAssistant')} onClick={() => void navigate('/ai')}>
            <AutoAwesomeOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('list.newConversation')}>
          <IconButton aria-label={t('list.newConversation')} onClick={onNew} color="primary">
            <AddCommentOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      {!loaded ? (
        <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
          <CircularProgress aria-label={t('list.loading')} />
        </Box>
      ) : chats.length === 0 ? (
        <Box sx={{ textAlign: 'center', p: 4, color: 'text.secondary' }}>
          <Typography color="text.primary" sx={{ fontWeight: 600 }}>
            {m.Messages.chat.empty}
          </Typography>
          <Typography sx={{ mb: 2 }}>{m.Messages.chat.startNew}</Typography>
          <Button variant="contained" onClick={onNew}>
            {m.Messages.chat.startNewButton}
          </Button>
        </Box>
      ) : (
        <List aria-label={t('list.label')} sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
          {chats.map((c) => {
            const last = c.messages[0];
            const unread = c.unread ?? 0;
            const text =
              preview(c, LIMITS.lastMessagePreview, {
                attachment: t('list.attachment'),
                voice: t('list.voice'),
                localize,
              }) || (c.sender.type === 'group' ? t('list.groupCreated') : t('list.noMessages'));
            const time = last ? formatTime(last.timestamp, f) : '';
            // The row's name reads what the row shows, in order: who, the last message, when, how many unread.
            // The row's name is what it shows, in order (who, last message, when, unread), plus words
            // for screen readers; the avatar and the drawn count are left out of it.
            return (
              <ListItem key={c.id} disablePadding>
                <ListItemButton selected={c.id === selectedId} onClick={() => onSelect(c)}>
                  <ListItemAvatar>
                    <Badge
                      overlap="circular"
                      variant="dot"
                      color="success"
                      invisible={!c.sender.online}
                      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                      aria-hidden
                    >
                      <Avatar src={smallAvatar(c.sender.avatar) ?? undefined} alt={c.sender.name}>
                        {c.sender.type === 'group' ? <GroupsOutlined /> : c.sender.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={<Trans t={t} i18nKey="list.row" values={{ name: c.sender.name }} components={hidden} />}
                    secondary={text}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: unread > 0 ? 700 : 500 } },
                      secondary: { noWrap: true, sx: { fontWeight: unread > 0 ? 600 : 400 } },
                    }}
                    sx={{ minWidth: 0 }}
                  />
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
                    {last && (
                      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        <Trans t={t} i18nKey="list.time" values={{ time }} components={hidden} />
                      </Typography>
                    )}
                    {unread > 0 && (
                      <Box
                        sx={{
                          bgcolor: 'error.main',
                          color: 'error.contrastText',
                          borderRadius: 5,
                          px: 0.75,
                          minWidth: 20,
                          textAlign: 'center',
                          fontSize: 12,
                          fontWeight: 700,
                        }}
                      >
                        <Trans
                          t={t}
                          i18nKey="list.unread"
                          count={unread}
                          values={{
                            n: unread > 99 ? t('list.manyUnread', { n: f.number(99) }) : f.number(unread),
                          }}
                          components={hidden}
                        />
                      </Box>
                    )}
                  </Box>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
