/** Route skeleton for areas that have not landed yet: says so plainly instead of pretending. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `title` is a text the reader reads: the caller passes it in the reader's language (a catalogue's). */
export function makePlaceholder(title: string) {
  function Placeholder() {
    const { t } = useTranslation('app');
    useEffect(() => {
      document.title = t('pageTitle', { title });
    }, [t]);
    return (
      <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <ConstructionOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h5" component="h1" color="text.primary" gutterBottom>
          {title}
        </Typography>
        <Typography>{t('placeholder.text')}</Typography>
      </Box>
    );
  }
  return Placeholder;
}
