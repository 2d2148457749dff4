/** What stays of a comment, reply or message moderators removed: "Removed by moderators", muted and italic. */
import Typography from '@mui/material/Typography';
import { useMessages } from '../../i18n/language';

/** `inherit` keeps the surrounding colour (one's own chat bubble), dimmed. */
export function RemovedText({ inherit }: { inherit?: boolean }) {
  const { ModerationMessages } = useMessages();
  return (
    <Typography
      variant="body2"
      data-testid="removed-by-moderators"
      sx={{ fontStyle: 'italic', ...(inherit ? { opacity: 0.85 } : { color: 'text.secondary' }) }}
    >
      {ModerationMessages.removed}
    </Typography>
  );
}
