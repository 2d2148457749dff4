/**
 * "Search in this chat": the chat's own messages matching what is typed (after a short pause, or at
 * once on Enter), newest first with the words marked; a hit opens the chat at that message (the
 * address's `m`, which the chat screen scrolls to and highlights).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_LIMITS } from '@sajha/contract';
import { useDebounced } from '../../lib/useDebounced';
import { EmptyState, ErrorState, ShowMore } from './ListStates';
import { MessageHit } from './ResultItems';
import { allOf, refusalOf, retryUnlessRefused, useSearchResults } from './searchApi';

function Results({ chatId, q, onClose }: { chatId: string; q: string; onClose: () => void }) {
  const { t } = useTranslation('search');
  const results = useSearchResults(q, 'messages', chatId);
  const hits = allOf(
    results.data,
    (p) => p.messages,
    (m) => m.id,
  );
  if (!q) return null;
  if (results.isPending) return <LinearProgress aria-label={t('loading')} sx={{ mt: 2 }} />;
  if (!results.data) return <ErrorState message={refusalOf(results.error)} onRetry={retryUnlessRefused(results)} />;
  if (hits.length === 0) return <EmptyState title={t('empty.messages', { q })} />;
  return (
    <>
      <Box component="ul" aria-label={t('chat.results')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {hits.map((hit) => (
          <MessageHit key={hit.id} hit={hit} q={q} inChat onOpen={onClose} />
        ))}
      </Box>
      {results.hasNextPage && (
        <ShowMore loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()} />
      )}
    </>
  );
}

export function ChatSearchDialog({ chatId, open, onClose }: { chatId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const typed = text.trim();
  const settled = useDebounced(typed, SEARCH_LIMITS.suggestDelayMs);
  // Enter searches at once; otherwise the settled text, once long enough.
  const q = submitted === typed ? typed : settled.length >= SEARCH_LIMITS.suggestMinChars ? settled : '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="chat-search-title"
    >
      <DialogTitle id="chat-search-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('chat.title')}
        </Box>
        <IconButton aria-label={t('chat.close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ minHeight: { sm: 320 } }}>
        <TextField
          autoFocus
          fullWidth
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing && typed) {
              e.preventDefault();
              setSubmitted(typed);
            }
          }}
          label={t('chat.label')}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: { maxLength: SEARCH_LIMITS.queryMax, enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {q ? (
          <Results chatId={chatId} q={q} onClose={onClose} />
        ) : (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('chat.hint')}
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
