/** What a list of results shows besides results: nothing found, a failure with Retry, and "Show more". */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';

export function EmptyState({ title, hint }: { title: ReactNode; hint?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2, color: 'text.secondary' }}>
      <SearchOffOutlined sx={{ fontSize: 48, opacity: 0.5 }} aria-hidden />
      <Typography variant="h6" component="p" color="text.primary" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {hint && <Typography sx={{ mt: 0.5 }}>{hint}</Typography>}
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation('search');
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 4 }}>
      <Typography sx={{ mb: 1.5 }}>{message || t('loadFailed')}</Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Box>
  );
}

export function ShowMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('search');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <Button
        variant="outlined"
        onClick={onClick}
        disabled={loading}
        startIcon={loading ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        {loading ? t('loadingMore') : t('showMore')}
      </Button>
    </Box>
  );
}
