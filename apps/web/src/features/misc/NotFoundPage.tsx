import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';

export default function NotFoundPage() {
  const { t } = useTranslation('app');
  const { Messages } = useMessages();
  const f = useFormat();
  useEffect(() => {
    document.title = t('pageTitle', { title: Messages.notFound });
  }, [t, Messages]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <div>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 800 }}>
          {f.number(404, { useGrouping: false })}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {Messages.notFound}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.text')}
        </Typography>
        <Button component={Link} to="/" variant="contained" size="large">
          {t('notFound.home')}
        </Button>
      </div>
    </Box>
  );
}
