/**
 * The side panel: an emoji grid of 5 columns (for a reaction, or into the message being written) and,
 * in a group, the group options. "Change Group Name" and "Set Group Profile Picture" do nothing
 * visible yet, as the spec describes.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { useTranslation } from 'react-i18next';

export const EMOJI_GRID = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😴',
  '😢',
  '😭',
  '😡',
  '😱',
  '🥳',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '❤️',
  '💔',
  '🔥',
  '✨',
  '🎉',
  '🌸',
  '🏔️',
  '☕',
  '🍛',
  '📷',
];

/** The group options' catalogue keys (namespace chat). */
const GROUP_OPTIONS = ['header.changeGroupName', 'header.setGroupPicture'] as const;

export function EmojiPanel({
  open,
  title,
  showGroupOptions,
  onPick,
  onClose,
}: {
  open: boolean;
  title: string;
  showGroupOptions: boolean;
  onPick: (emoji: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, p: 2 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton aria-label={t('emoji.close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box
        role="grid"
        aria-label={t('emoji.grid')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 0.5 }}
      >
        {EMOJI_GRID.map((e) => (
          <Button
            key={e}
            aria-label={t('emoji.pick', { emoji: e })}
            onClick={() => onPick(e)}
            sx={{ minWidth: 0, fontSize: 24, p: 0.5 }}
          >
            {e}
          </Button>
        ))}
      </Box>
      {showGroupOptions && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 3 }}>
            {t('emoji.groupOptions')}
          </Typography>
          <List dense>
            {GROUP_OPTIONS.map((key) => (
              <ListItemButton key={key}>
                <ListItemText primary={t(key)} />
              </ListItemButton>
            ))}
          </List>
        </>
      )}
    </Drawer>
  );
}
