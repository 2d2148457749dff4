/**
 * The help centre's search box: results as you type (after a 300 ms pause), in the language the
 * question was written in, each a link to its article. The text is kept in the address (?q=) so a
 * search can be shared and survives going back.
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { HELP_LIMITS } from '@sajha/contract';
import { useDebounced } from '../../lib/useDebounced';
import { useHelpSearch } from './helpApi';

const PAUSE_MS = 300;

export function HelpSearch() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const settled = useDebounced(text.trim(), PAUSE_MS);
  const search = useHelpSearch(settled);
  const results = settled ? search.data?.results : undefined;

  return (
    <Box component="section" aria-label={t('searchLabel')} sx={{ mb: 4 }}>
      <TextField
        fullWidth
        type="search"
        value={text}
        onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        slotProps={{
          htmlInput: { maxLength: HELP_LIMITS.queryMax, 'aria-describedby': 'help-search-status' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ height: 4 }}>{search.isFetching && <LinearProgress aria-label={t('searching')} />}</Box>
      <Typography id="help-search-status" role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {settled && results ? (results.length ? t('results', { count: results.length }) : '') : ''}
      </Typography>
      {settled && results && results.length === 0 && (
        <Typography sx={{ mt: 1 }}>
          {t('noResults', { query: settled })}{' '}
          <Link component={RouterLink} to="/ai">
            {t('askAssistant')}
          </Link>
        </Typography>
      )}
      {results && results.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {results.map((r) => (
            <Box component="li" key={r.slug} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
              <Link component={RouterLink} to={`/help/${r.slug}`} sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                {r.title[search.data?.language ?? 'en']}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                {r.snippet}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
