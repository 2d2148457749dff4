/**
 * Deleting a message: one's own goes for everyone in the chat or only from one's own view; anyone else's
 * can only be hidden from one's own view (the sender and the others keep it). Asked before it happens:
 * neither can be undone.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { DeleteScope } from '@sajha/contract';

export interface DeleteTarget {
  id: string;
  own: boolean;
}

export function DeleteMessageDialog({
  target,
  onClose,
  onConfirm,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  onConfirm: (id: string, scope: DeleteScope) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const own = target?.own ?? false;
  const pick = (scope: DeleteScope) => {
    if (target) onConfirm(target.id, scope);
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby="delete-message-title"
      aria-describedby="delete-message-body"
    >
      <DialogTitle id="delete-message-title">
        {own ? t('deleteMessage.title') : t('deleteMessage.hideTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-message-body">
          {own ? t('deleteMessage.body') : t('deleteMessage.hideBody')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="error" variant={own ? 'outlined' : 'contained'} onClick={() => pick('me')}>
          {own ? t('deleteMessage.forMe') : t('deleteMessage.hide')}
        </Button>
        {own && (
          <Button color="error" variant="contained" onClick={() => pick('everyone')}>
            {t('deleteMessage.forEveryone')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
