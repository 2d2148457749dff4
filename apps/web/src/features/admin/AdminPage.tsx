/** The frame of every staff screen: its document title, one h1, an optional line under it, the content. */
import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../lib/VisuallyHidden';

export function AdminPage(props: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const documentTitle = t('documentTitle', { title: props.title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Box sx={{ maxWidth: 1080, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: props.intro ? 0.5 : 2 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {props.title}
        </Typography>
        {props.actions}
      </Box>
      {props.intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {props.intro}
        </Typography>
      )}
      {props.children}
    </Box>
  );
}

/** Cards' worth of skeleton while a list loads. */
export function ListSkeleton({ rows = 3, height = 140 }: { rows?: number; height?: number }) {
  const { t } = useTranslation('admin');
  return (
    <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

/** A list's failure, in the server's words. */
export function LoadError({ error }: { error: Error }) {
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error.message}
    </Alert>
  );
}
