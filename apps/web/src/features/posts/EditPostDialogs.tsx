/** The owner's edit and delete dialogs. The list changes only when the server reports success. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { capPostContent, LIMITS, Messages, UxMessages } from '@sajha/contract';

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
  const blank = text.trim().length === 0;
  const tooLong = text.length > LIMITS.postContentMax;
  return (
    <>
      <DialogTitle id="edit-post-title">Edit post</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          fullWidth
          label="Post"
          value={text}
          onChange={(e) => {
            const capped = capPostContent(e.target.value);
            setText(capped.text);
            setCut(capped.cut);
          }}
          error={tooLong || blank}
          helperText={
            blank
              ? Messages.post.contentEmpty
              : `${cut ? `${UxMessages.postTruncated} ` : ''}${text.length}/${LIMITS.postContentMax}`
          }
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={blank || tooLong} onClick={() => onSave(text.trim())}>
          Save
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
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-post-title">
      <DialogTitle id="delete-post-title">Delete post?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This removes the post, its photos and videos, likes and comments for good.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
