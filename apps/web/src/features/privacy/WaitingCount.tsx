/**
 * How many follow requests wait, drawn as a small count after a label ("Follow requests 2") and said in
 * words to screen readers ("Follow requests 2 waiting"): the visible text stays part of the name.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { VisuallyHidden } from '../../lib/VisuallyHidden';

export function WaitingCount({ count }: { count: number }) {
  const { t } = useTranslation('privacy');
  const f = useFormat();
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <Box
        component="span"
        sx={{
          display: 'inline-block',
          minWidth: 18,
          px: 0.5,
          borderRadius: 9,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: 11,
          fontWeight: 700,
          lineHeight: '18px',
          textAlign: 'center',
        }}
      >
        {f.number(count)}
      </Box>
      <VisuallyHidden>{t('requests.waiting')}</VisuallyHidden>
    </>
  );
}
