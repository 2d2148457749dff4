/**
 * The message input (part 2 §5): 3 to 10 rows; Enter sends, Ctrl/Meta+Enter adds a newline; blank
 * text with no attachments is ignored. Attachments (files, voice notes, camera captures) are checked,
 * uploaded with progress, then referenced by the message. The typing signal fires for non-blank text
 * whose length changed by at least 3 characters since the last signal. Editing a message (issue 37) puts
 * its text in the box with an "Editing message" bar above; Enter saves, Escape or the bar's close cancels,
 * and the files buttons rest meanwhile (an edit changes the words only).
 */
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Reply from '@mui/icons-material/Reply';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import type { ReplyQuote } from '@sajha/contract';
import { useToast } from '../../lib/toast';
import { ACCEPT, processFiles, uploadAttachments, type Attachment } from './attachments';
import { CameraDialog } from './CameraDialog';
import { Quote } from './MessageBubble';
import { VoiceRecorder } from './VoiceRecorder';

export function Composer({
  onSend,
  onTyping,
  onEmoji,
  text,
  setText,
  replying,
  onCancelReply,
  editing,
  onCancelEdit,
  input,
}: {
  onSend: (text: string, attachments: Attachment[]) => void;
  onTyping: () => void;
  onEmoji: () => void;
  text: string;
  setText: (t: string) => void;
  /** The message being replied to, quoted above the input (Escape or the close button cancels). */
  replying?: ReplyQuote | null;
  onCancelReply?: () => void;
  /** The message being edited (its text is in the box; sending saves it). */
  editing?: { content: string } | null;
  onCancelEdit?: () => void;
  /** The text box, for the conversation to focus (after choosing Reply). */
  input?: RefObject<HTMLTextAreaElement | null>;
}) {
  const toast = useToast();
  const { t } = useTranslation('chat');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const picker = useRef<HTMLInputElement | null>(null);
  const lastSignalLength = useRef(0);

  const addFiles = async (picked: File[]) => {
    const { files: ok, errors } = await processFiles(picked, files.length);
    for (const message of errors) toast.show({ message, type: 'error' });
    if (ok.length > 0) setFiles((f) => [...f, ...ok]);
  };

  const change = (value: string) => {
    setText(value);
    if (value.trim() && Math.abs(value.length - lastSignalLength.current) >= 3) {
      lastSignalLength.current = value.length;
      onTyping();
    }
  };

  const send = async () => {
    if (progress !== null) return;
    const body = text.trim();
    if (editing) {
      // The conversation saves it and puts back what was being written before.
      if (body) onSend(body, []);
      return;
    }
    if (!body && files.length === 0) return;
    let uploaded: Attachment[] = [];
    if (files.length > 0) {
      setProgress(0);
      try {
        uploaded = await uploadAttachments(files, setProgress);
      } catch (err) {
        setProgress(null);
        toast.show({ message: (err as Error).message, type: 'error' });
        return;
      }
      setProgress(null);
    }
    onSend(body, uploaded);
    setText('');
    setFiles([]);
    lastSignalLength.current = 0;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && (replying || editing)) {
      e.preventDefault();
      if (editing) onCancelEdit?.();
      else onCancelReply?.();
      return;
    }
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      const el = e.target as HTMLTextAreaElement;
      const at = el.selectionStart ?? text.length;
      const next = `${text.slice(0, at)}\n${text.slice(el.selectionEnd ?? at)}`;
      setText(next);
      requestAnimationFrame(() => el.setSelectionRange(at + 1, at + 1));
      return;
    }
    if (e.shiftKey) return;
    e.preventDefault();
    void send();
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1, bgcolor: 'background.paper' }}>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('composer.uploadProgress')}
          sx={{ mb: 1 }}
        />
      )}
      {replying && (
        <Box
          role="group"
          aria-label={t('bubble.replyingTo', { name: replying.senderName })}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}
        >
          <Reply fontSize="small" color="primary" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Quote quote={replying} own={false} />
          </Box>
          <IconButton size="small" aria-label={t('bubble.cancelReply')} onClick={onCancelReply}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      )}
      {editing && (
        <Box
          role="group"
          aria-label={t('composer.editing')}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}
        >
          <EditOutlined fontSize="small" color="primary" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600, display: 'block' }}>
              {t('composer.editing')}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {editing.content}
            </Typography>
          </Box>
          <IconButton size="small" aria-label={t('composer.cancelEdit')} onClick={onCancelEdit}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      )}
      {files.length > 0 && !editing && (
        <Box
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }}
          role="group"
          aria-label={t('composer.attachmentsToSend')}
        >
          {files.map((f, i) => (
            <Chip
              key={`${f.name}-${i}`}
              label={f.name}
              size="small"
              onDelete={() => setFiles((list) => list.filter((_, j) => j !== i))}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', sm: 'row' },
            flexWrap: 'wrap',
            maxWidth: { xs: 80, sm: 'none' },
          }}
        >
          {!editing && (
            <>
              <Tooltip title={t('composer.attachFiles')}>
                <IconButton aria-label={t('composer.attachFiles')} onClick={() => picker.current?.click()} size="small">
                  <AttachFileOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('composer.camera')}>
                <IconButton aria-label={t('composer.camera')} onClick={() => setCameraOpen(true)} size="small">
                  <PhotoCameraOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('composer.emoji')}>
                <IconButton aria-label={t('composer.emoji')} onClick={onEmoji} size="small">
                  <EmojiEmotionsOutlined />
                </IconButton>
              </Tooltip>
              <VoiceRecorder onRecording={(file) => setFiles((f) => [...f, file])} />
            </>
          )}
        </Box>
        <TextField
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholder')}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          size="small"
          inputRef={input}
          slotProps={{ htmlInput: { 'aria-label': t('composer.message') } }}
        />
        <IconButton
          color="primary"
          aria-label={editing ? t('composer.saveEdit') : t('composer.send')}
          onClick={() => void send()}
          disabled={progress !== null}
        >
          {editing ? <CheckOutlined /> : <SendOutlined />}
        </IconButton>
      </Box>
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept={ACCEPT}
        data-testid="chat-file-input"
        onChange={(e) => {
          const list = Array.from(e.target.files ?? []);
          e.target.value = '';
          void addFiles(list);
        }}
      />
      <CameraDialog open={cameraOpen} onClose={() => setCameraOpen(false)} onCapture={(f) => void addFiles([f])} />
    </Box>
  );
}
