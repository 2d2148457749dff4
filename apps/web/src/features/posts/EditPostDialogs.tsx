/**
 * The owner's edit and delete dialogs. An edit changes the text, and (issue 38) who sees the post, who
 * may reply and, with media, the sensitive mark. The list changes only when the server reports success.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { capPostContent, LIMITS, type Audience, type PostDto, type ReplyPolicy } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { AudienceSelect, RepliesSelect } from '../privacy';
import type { PostEdit } from './queries';

/** What the edit form starts from: the post as it is. */
export type EditablePost = Pick<PostDto, 'content' | 'audience' | 'replies' | 'sensitive'> & { hasMedia: boolean };

export function EditPostDialog(props: {
  open: boolean;
  initial: EditablePost;
  onClose: () => void;
  onSave: (edit: PostEdit) => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="edit-post-title">
      {/* Mounted fresh on every open, so the field starts from the current text. */}
      {props.open && <EditForm {...props} />}
    </Dialog>
  );
}

function EditForm({
  initial,
  onClose,
  onSave,
}: {
  initial: EditablePost;
  onClose: () => void;
  onSave: (edit: PostEdit) => void;
}) {
  const [text, setText] = useState(initial.content);
  const [cut, setCut] = useState(false);
  const [audience, setAudience] = useState<Audience>(initial.audience ?? 'public');
  const [replies, setReplies] = useState<ReplyPolicy>(initial.replies ?? 'everyone');
  const [sensitive, setSensitive] = useState(initial.sensitive === true);
  const { t } = useTranslation(['posts', 'privacy', 'common']);
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
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2 }}>
          <AudienceSelect id="edit-post-audience" value={audience} onChange={setAudience} />
          <RepliesSelect id="edit-post-replies" value={replies} onChange={setReplies} />
        </Box>
        {initial.hasMedia && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={sensitive} onChange={(e) => setSensitive(e.target.checked)} />}
            label={t('privacy:sensitive.mark')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button
          variant="contained"
          disabled={blank || tooLong}
          onClick={() => onSave({ content: text.trim(), audience, replies, ...(initial.hasMedia && { sensitive }) })}
        >
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
