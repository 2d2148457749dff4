/**
 * Someone else's post, comment or reply containing one of the member's muted words is collapsed behind
 * "Hidden: contains a muted word" with Show; the member's own words never are.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/language';
import { useMutedWordMatcher } from './queries';

/** The muted word a text of someone else contains, or null (never for the member's own). */
export function useMutedWordHit(texts: readonly (string | null | undefined)[], own = false): string | null {
  const match = useMutedWordMatcher();
  if (own) return null;
  for (const text of texts) {
    const hit = match(text);
    if (hit) return hit;
  }
  return null;
}

export function MutedWordNotice({ onShow, dense }: { onShow: () => void; dense?: boolean }) {
  const { t } = useTranslation('moderation');
  const { ModerationMessages } = useMessages();
  return (
    <Box
      data-testid="muted-word-hidden"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        color: 'text.secondary',
        bgcolor: 'action.hover',
        borderRadius: 2,
        px: dense ? 1.25 : 1.5,
        py: dense ? 0.25 : 0.75,
      }}
    >
      <VisibilityOffOutlined aria-hidden fontSize="small" />
      <Typography variant="body2" component="p" sx={{ flex: 1, minWidth: 0 }}>
        {ModerationMessages.mutedWordHidden}
      </Typography>
      <Button size="small" onClick={onShow}>
        {t('show')}
      </Button>
    </Box>
  );
}

export function MutedWordGate({
  texts,
  own,
  dense,
  children,
}: {
  texts: readonly (string | null | undefined)[];
  own?: boolean;
  dense?: boolean;
  children: ReactNode;
}) {
  const hit = useMutedWordHit(texts, own);
  const [shown, setShown] = useState(false);
  if (!hit || shown) return children;
  return <MutedWordNotice dense={dense} onShow={() => setShown(true)} />;
}
