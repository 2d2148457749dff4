/** Settings → Safety → Muted members: who the member muted, each with Unmute. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMutedMembers } from './queries';
import { useMuteMember } from './useMute';

export function MutedMembersSection() {
  const { t } = useTranslation('moderation');
  const { data, isError } = useMutedMembers();
  const rows = data ?? (isError ? [] : null);
  const mute = useMuteMember();
  return (
    <Box component="section" aria-labelledby="muted-members-title">
      <Typography id="muted-members-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('mutedMembers.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('mutedMembers.explain')}
      </Typography>
      {!rows ? (
        <Skeleton height={56} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('mutedMembers.empty')}</Typography>
      ) : (
        <List aria-label={t('mutedMembers.title')}>
          {rows.map((m) => (
            <ListItem
              key={m.uid}
              divider
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => void mute(m.username, false)}
                  aria-label={t('mutedMembers.unmuteLabel', { username: m.username })}
                >
                  {t('mutedMembers.unmute')}
                </Button>
              }
            >
              <ListItemAvatar>
                <Avatar src={m.avatar ?? undefined} alt={m.name}>
                  {m.name.slice(0, 1)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={m.name} secondary={`@${m.username}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
