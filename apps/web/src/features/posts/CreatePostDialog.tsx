/**
 * Create Post (part 1 §4, §5, §8): text with a live counter (500 at most, not blank), an optional
 * category, who sees it and who may reply (issue 38: starting from the member's defaults in Settings →
 * Privacy), images and videos (mp4, webm, ogg) with "Mark media as sensitive", a preview of the first
 * https link, and the upload with a progress bar. Errors show as a bubble for 3 s. A created post is
 * handed to `onCreated` (the shell puts it on top of the home feed). What is typed is kept as a draft
 * (draft.ts) until it is posted or discarded: closing the dialog or reloading loses nothing.
 */
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useTranslation } from 'react-i18next';
import {
  DURATIONS_MS,
  LIMITS,
  capPostContent,
  POST_CATEGORIES,
  VIDEO_EXTENSIONS,
  type Audience,
  type PostDto,
  type ReplyPolicy,
  firstHttpsUrl,
} from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { useCurrentUser } from '../../lib/auth';
import { AudienceSelect, RepliesSelect } from '../privacy';
import { useDebounced } from '../../lib/useDebounced';
import { useToast } from '../../lib/toast';
import { LinkPreviewCard } from './LinkPreviewCard';
import { createPost, fetchLinkMeta } from './postsApi';
import { postKeys } from './queries';
import { clearDraft, readDraft, writeDraft } from './draft';

const ACCEPT = ['image/*', ...VIDEO_EXTENSIONS.map((e) => `video/${e}`), ...VIDEO_EXTENSIONS.map((e) => `.${e}`)].join(
  ',',
);

const accepted = (f: File) =>
  f.type.startsWith('image/') || VIDEO_EXTENSIONS.some((e) => f.name.toLowerCase().endsWith(`.${e}`));

function FileThumb({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const video = !file.type.startsWith('image/');
  const { t } = useTranslation('posts');
  return (
    <Box
      sx={{
        position: 'relative',
        width: 88,
        height: 88,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {video ? (
        <Box component="video" src={url} muted sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Box component="img" src={url} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
      <IconButton
        size="small"
        aria-label={t('create.remove', { name: file.name })}
        onClick={onRemove}
        sx={{
          position: 'absolute',
          top: 2,
          right: 2,
          bgcolor: 'rgba(0,0,0,0.55)',
          color: '#fff',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
        }}
      >
        <CloseRounded fontSize="inherit" />
      </IconButton>
    </Box>
  );
}

export interface CreatePostDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (post: PostDto) => void;
}

export function CreatePostDialog({ open, onClose, onCreated }: CreatePostDialogProps) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={small}
      aria-labelledby="create-post-title"
    >
      {open && <CreatePostForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreatePostForm({ onClose, onCreated }: Omit<CreatePostDialogProps, 'open'>) {
  const toast = useToast();
  const { t } = useTranslation(['posts', 'privacy', 'common']);
  const m = useMessages();
  const f = useFormat();
  const me = useCurrentUser();
  const uid = me?.uid;
  // An unfinished post comes back as it was left (draft.ts); otherwise the member's defaults.
  const [draft] = useState(() => (uid ? readDraft(uid) : null));
  const [restored, setRestored] = useState(draft !== null);
  const [content, setContent] = useState(draft?.content ?? '');
  const [cut, setCut] = useState(false);
  const [category, setCategory] = useState(draft?.category ?? '');
  // The member's defaults (Settings → Privacy), read when the dialog opens.
  const [audience, setAudience] = useState<Audience>(draft?.audience ?? me?.defaultAudience ?? 'public');
  const [replies, setReplies] = useState<ReplyPolicy>(draft?.replies ?? me?.defaultReplies ?? 'everyone');
  const [sensitive, setSensitive] = useState(draft?.sensitive ?? false);
  useEffect(() => {
    if (uid) writeDraft(uid, { content, category, audience, replies, sensitive });
  }, [uid, content, category, audience, replies, sensitive]);
  const discardDraft = () => {
    setContent('');
    setCategory('');
    setAudience(me?.defaultAudience ?? 'public');
    setReplies(me?.defaultReplies ?? 'everyone');
    setSensitive(false);
    setRestored(false);
    if (uid) clearDraft(uid);
  };
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const link = firstHttpsUrl(content);
  // Previews the first https link once the text has been still for a moment.
  const settledLink = useDebounced(link, 600);
  const { data: linkMeta } = useQuery({
    queryKey: postKeys.linkPreview(settledLink ?? ''),
    queryFn: settledLink ? () => fetchLinkMeta(settledLink) : skipToken,
    placeholderData: keepPreviousData,
  });
  const preview = link ? linkMeta : undefined;

  // The error bubble lasts 3 s.
  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), DURATIONS_MS.toast);
    return () => window.clearTimeout(timer);
  }, [error]);

  const uploading = progress !== null;
  const tooLong = content.length > LIMITS.postContentMax;

  const submit = async () => {
    if (content.trim().length === 0) return setError(m.Messages.post.contentEmpty);
    if (tooLong) return;
    setProgress(0);
    const result = await createPost(
      { content: content.trim(), category, files, audience, replies, sensitive },
      setProgress,
    );
    setProgress(null);
    if (!result.ok) return setError(result.error);
    toast.show({ message: result.message || m.Messages.post.created, type: 'success' });
    if (result.post) onCreated?.(result.post);
    if (uid) clearDraft(uid);
    // The form goes with the dialog: nothing may write the posted text back as a draft.
    onClose();
  };

  return (
    <>
      <DialogTitle id="create-post-title" sx={{ pr: 6 }}>
        {t('create.title')}
        <IconButton
          aria-label={t('common:close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
          disabled={uploading}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {restored && content.trim() !== '' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('create.draftRestored')}
            </Typography>
            <Button size="small" onClick={discardDraft} disabled={uploading}>
              {t('create.discardDraft')}
            </Button>
          </Box>
        )}
        <TextField
          autoFocus
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          label={t('create.content')}
          value={content}
          onChange={(e) => {
            // Typing stops at the limit; a longer paste is cut, and the member is told so.
            const capped = capPostContent(e.target.value);
            setContent(capped.text);
            setCut(capped.cut);
          }}
          error={tooLong}
          disabled={uploading}
          helperText={
            <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }} aria-live="polite">
              <Box component="span" role={cut ? 'status' : undefined} sx={{ color: 'text.primary', fontWeight: 600 }}>
                {cut ? m.UxMessages.postTruncated : ''}
              </Box>
              <Box component="span" sx={{ flexShrink: 0 }}>
                {t('create.counter', { length: f.number(content.length), max: f.number(LIMITS.postContentMax) })}
              </Box>
            </Box>
          }
          sx={{ mt: 1 }}
        />
        <TextField
          select
          label={t('create.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          disabled={uploading}
          size="small"
        >
          <MenuItem value="">
            <em>{t('create.noCategory')}</em>
          </MenuItem>
          {POST_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <AudienceSelect id="create-post-audience" value={audience} onChange={setAudience} disabled={uploading} />
          <RepliesSelect id="create-post-replies" value={replies} onChange={setReplies} disabled={uploading} />
        </Box>
        {preview && <LinkPreviewCard meta={preview} />}
        {files.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label={t('create.selectedFiles')}>
            {files.map((f, i) => (
              <FileThumb
                key={`${f.name}-${i}`}
                file={f}
                onRemove={() => setFiles((list) => list.filter((_, j) => j !== i))}
              />
            ))}
          </Box>
        )}
        {files.length > 0 && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={sensitive}
                  onChange={(e) => setSensitive(e.target.checked)}
                  disabled={uploading}
                  slotProps={{ input: { 'aria-describedby': 'create-post-sensitive-hint' } }}
                />
              }
              label={t('privacy:sensitive.mark')}
            />
            <Typography
              id="create-post-sensitive-hint"
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ ml: 4, mt: -0.75 }}
            >
              {t('privacy:sensitive.markHint')}
            </Typography>
          </Box>
        )}
        <Box>
          <Button component="label" startIcon={<AddPhotoAlternateOutlined />} disabled={uploading}>
            {t('create.addMedia')}
            <input
              hidden
              type="file"
              multiple
              accept={ACCEPT}
              aria-label={t('create.mediaInput')}
              onChange={(e) => {
                const chosen = Array.from(e.target.files ?? []);
                const refused = chosen.find((f) => !accepted(f));
                if (refused) setError(m.Messages.chat.fileTypeNotAllowed(refused.type || refused.name));
                setFiles((list) => [...list, ...chosen.filter(accepted)]);
                e.target.value = '';
              }}
            />
          </Button>
        </Box>
        {uploading && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={t('create.uploadProgress')}
            />
            <Typography variant="caption" color="text.secondary">
              {t('create.uploading', { percent: f.number(Math.round(progress * 100)) })}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" role="alert" variant="filled">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={uploading || tooLong}>
          {t('create.post')}
        </Button>
      </DialogActions>
    </>
  );
}
