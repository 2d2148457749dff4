/**
 * Edit history (issue 37), the same for messages and posts: an "edited" button beside the time, and the
 * dialog it opens with every version, newest (the current text) first, each with when it was written.
 * The versions are asked for when the dialog opens (message_history / post_history) and not kept: an
 * edit made meanwhile shows the next time it opens.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EditHistory } from '@sajha/contract';
import { useFormat } from '../i18n/format';

/** "edited", as a link-like button that opens the history; `load` asks the server for it. */
export function EditedMark({
  load,
  queryKey,
  inherit = false,
}: {
  load: () => Promise<EditHistory>;
  queryKey: readonly unknown[];
  /** Take the surrounding text colour (on one's own chat bubble). */
  inherit?: boolean;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="text"
        size="small"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('editHistory.open')}
        sx={{
          minWidth: 0,
          p: 0,
          px: 0.25,
          fontSize: 'inherit',
          lineHeight: 'inherit',
          textTransform: 'none',
          textDecoration: 'underline dotted',
          color: inherit ? 'inherit' : 'text.secondary',
          verticalAlign: 'baseline',
        }}
      >
        {t('editHistory.edited')}
      </Button>
      <EditHistoryDialog open={open} onClose={() => setOpen(false)} load={load} queryKey={queryKey} />
    </>
  );
}

export function EditHistoryDialog({
  open,
  onClose,
  load,
  queryKey,
}: {
  open: boolean;
  onClose: () => void;
  load: () => Promise<EditHistory>;
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation('common');
  const f = useFormat();
  const history = useQuery({
    queryKey: ['editHistory', ...queryKey],
    queryFn: load,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-history-title" fullWidth maxWidth="xs">
      <DialogTitle id="edit-history-title">{t('editHistory.title')}</DialogTitle>
      <DialogContent dividers>
        {history.isPending ? (
          <Skeleton variant="rounded" height={96} aria-label={t('loading')} />
        ) : history.isError ? (
          <Typography role="alert" color="error">
            {history.error.message}
          </Typography>
        ) : (
          <List aria-label={t('editHistory.versions')} disablePadding>
            {history.data.versions.map((v, i) => (
              <ListItem
                key={`${v.at}-${i}`}
                divider={i < history.data.versions.length - 1}
                sx={{ display: 'block', px: 0 }}
              >
                <Typography variant="caption" color="text.secondary" component="p">
                  {i === 0
                    ? t('editHistory.current', { when: f.dateTime(v.at) })
                    : i === history.data.versions.length - 1
                      ? t('editHistory.original', { when: f.dateTime(v.at) })
                      : f.dateTime(v.at)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {v.content}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
