/**
 * Settings → Safety → Muted words: add a word or phrase (up to 100 of them, 50 characters each), remove one.
 * The list is the one every screen matches against, so a change shows everywhere at once.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useTranslation } from 'react-i18next';
import { mutedWordSchema } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize } from '../../i18n/language';
import { messages } from '../../i18n/prefs';
import { useToast } from '../../lib/toast';
import { addMutedWord, moderationKeys, removeMutedWord, useMutedWords } from './queries';

const WORDS_MAX = 100;
const WORD_MAX = 50;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : messages().Messages.server.internal);

export function MutedWordsSection() {
  const { t } = useTranslation('moderation');
  const f = useFormat();
  const localize = useLocalize();
  const words = useMutedWords();
  const client = useQueryClient();
  const toast = useToast();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: moderationKeys.mutedWords });

  const add = useMutation({
    mutationFn: addMutedWord,
    onSuccess: async (message) => {
      setWord('');
      toast.show({ message, type: 'success' });
      await refresh();
    },
    onError: (err) => setError(messageOf(err)),
  });
  const remove = useMutation({
    mutationFn: removeMutedWord,
    onSuccess: async (message) => {
      toast.show({ message, type: 'success' });
      await refresh();
    },
    onError: (err) => toast.show({ message: messageOf(err), type: 'error' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = mutedWordSchema.safeParse(word);
    if (!parsed.success) {
      // The contract's words for what is wrong, in the page's language.
      return setError(localize(parsed.error.issues[0]?.message ?? messages().Messages.server.internal));
    }
    setError(null);
    add.mutate(parsed.data);
  };

  return (
    <Box component="section" aria-labelledby="muted-words-title">
      <Typography id="muted-words-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('mutedWords.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('mutedWords.explain')}
        {words ? ` ${t('mutedWords.count', { n: f.number(words.length), max: f.number(WORDS_MAX) })}` : ''}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('mutedWords.label')}
          value={word}
          onChange={(e) => {
            setWord(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: WORD_MAX } }}
          sx={{ flex: 1, maxWidth: 360 }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: '2px' }}>
          {t('mutedWords.add')}
        </Button>
      </Box>
      {!words ? (
        <Skeleton height={40} />
      ) : words.length === 0 ? (
        <Typography color="text.secondary">{t('mutedWords.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('mutedWords.title')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
        >
          {words.map((w) => (
            <Box
              component="li"
              key={w}
              sx={{
                listStyle: 'none',
                display: 'flex',
                alignItems: 'center',
                maxWidth: '100%',
                pl: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {w}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('mutedWords.remove', { word: w })}
                onClick={() => remove.mutate(w)}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
