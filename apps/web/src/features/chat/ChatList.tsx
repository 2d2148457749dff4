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
import { LIMITS, Messages, type ChatDto } from '@sajha/contract';
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
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="h6" component="h1" sx={{ flex: 1, fontWeight: 700 }}>
          Chats
        </Typography>
        <Tooltip title="AI assistant">
          <IconButton aria-label="AI assistant" onClick={() => void navigate('/ai')}>
            <AutoAwesomeOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="New conversation">
          <IconButton aria-label="New conversation" onClick={onNew} color="primary">
            <AddCommentOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      {!loaded ? (
        <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
          <CircularProgress aria-label="Loading conversations" />
        </Box>
      ) : chats.length === 0 ? (
        <Box sx={{ textAlign: 'center', p: 4, color: 'text.secondary' }}>
          <Typography color="text.primary" sx={{ fontWeight: 600 }}>
            {Messages.chat.empty}
          </Typography>
          <Typography sx={{ mb: 2 }}>{Messages.chat.startNew}</Typography>
          <Button variant="contained" onClick={onNew}>
            {Messages.chat.startNewButton}
          </Button>
        </Box>
      ) : (
        <List aria-label="Conversations" sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
          {chats.map((c) => {
            const last = c.messages[0];
            const unread = c.unread ?? 0;
            const text =
              preview(c, LIMITS.lastMessagePreview) ||
              (c.sender.type === 'group' ? 'Group created' : 'No messages yet');
            const time = last ? formatTime(last.timestamp) : '';
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
                      <Avatar src={c.sender.avatar ?? undefined} alt={c.sender.name}>
                        {c.sender.type === 'group' ? <GroupsOutlined /> : c.sender.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <>
                        <VisuallyHidden>Chat with </VisuallyHidden>
                        {c.sender.name}
                        <VisuallyHidden>,</VisuallyHidden>
                      </>
                    }
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
                        <VisuallyHidden>, </VisuallyHidden>
                        {time}
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
                        <VisuallyHidden>, </VisuallyHidden>
                        {unread > 99 ? '99+' : unread}
                        <VisuallyHidden> unread</VisuallyHidden>
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
