/** The comments dialog of a post card. Its content mounts on open, so comments load each time. */
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useTranslation } from 'react-i18next';
import { CommentsPanel, type CommentsChannel } from './CommentsPanel';

export function CommentsDialog(props: {
  open: boolean;
  postId: string;
  onClose: () => void;
  onAdded?: (by: number) => void;
  /** Another area's comments (reels); posts by default. */
  channel?: CommentsChannel;
  /** Why the viewer may not comment (the author's reply setting): shown in place of the comment box. */
  closed?: string | undefined;
}) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { t } = useTranslation(['posts', 'common']);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={small}
      aria-labelledby="comments-title"
    >
      <DialogTitle id="comments-title" sx={{ pr: 6 }}>
        {t('comments.title')}
        <IconButton
          aria-label={t('common:close')}
          onClick={props.onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', minHeight: 320 }}>
        {props.open && (
          <CommentsPanel postId={props.postId} onAdded={props.onAdded} channel={props.channel} closed={props.closed} />
        )}
      </DialogContent>
    </Dialog>
  );
}
