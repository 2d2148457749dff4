/** The owner's edit and delete dialogs. The list changes only when the server reports success. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { capPostContent, LIMITS } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';

export function EditPostDialog(props: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onSave: (content: string) => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="edit-post-title">
      {/* Mounted fresh on every open, so the field starts from the current text. */}
      {props.open && <EditForm {...props} />}
    </Dialog>
  );
}

function EditForm({ initial, onClose, onSave }: { initial: string; onClose: () => void; onSave: (c: string) => void }) {
  const [text, setText] = useState(initial);
  const [cut, setCut] = useState(false);
  const { t } = useTranslation(['posts', 'common']);
  const m = useMessages();
  const f = useFormat();
  const counter = t('create.counter', { length: f.number(text.length), max: f.number(LIMITS.postContentMax) });
  const blank = text.trim().length === 0;
  const tooLong = text.length > LIMITS.postContentMax;
  return (
    <>
      <DialogTitle id="edit-post-title">{t('edit.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          fullWidth
          label={t('edit.field')}
          value={text}
          onChange={(e) => {
            const capped = capPostContent(e.target.value);
            setText(capped.text);
            setCut(capped.cut);
          }}
          error={tooLong || blank}
          helperText={blank ? m.Messages.post.contentEmpty : cut ? `${m.UxMessages.postTruncated} ${counter}` : counter}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button variant="contained" disabled={blank || tooLong} onClick={() => onSave(text.trim())}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </>
  );
}

export function DeletePostDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(['posts', 'common']);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-post-title">
      <DialogTitle id="delete-post-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('common:delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
