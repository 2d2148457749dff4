/** /help: the search box and every article by topic, in the reader's language. Public. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HELP_CATEGORIES, type HelpArticleSummary } from '@sajha/contract';
import { ArticleLinks } from './ArticleLinks';
import { useHelpIndex } from './helpApi';
import { HelpLayout } from './HelpLayout';
import { HelpSearch } from './HelpSearch';

export default function HelpPage() {
  const { t } = useTranslation('help');
  const index = useHelpIndex();
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const byCategory = new Map<string, HelpArticleSummary[]>();
  for (const a of index.data ?? []) byCategory.set(a.category, [...(byCategory.get(a.category) ?? []), a]);

  return (
    <HelpLayout>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, fontSize: '1.05rem' }}>
        {t('intro')}
      </Typography>
      <HelpSearch />
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('categoriesLabel')}
      </Typography>
      {index.isError ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>{t('loadFailed')}</Typography>
          <Button variant="outlined" onClick={() => void index.refetch()}>
            {t('retry')}
          </Button>
        </Box>
      ) : (
        <Box
          aria-busy={index.isPending}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {index.isPending
            ? Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={160} aria-label={i === 0 ? t('loading') : undefined} />
              ))
            : HELP_CATEGORIES.filter((c) => byCategory.has(c)).map((category) => (
                <Paper
                  key={category}
                  component="section"
                  variant="outlined"
                  aria-labelledby={`help-cat-${category}`}
                  sx={{ p: 2, borderRadius: 3 }}
                >
                  <Typography id={`help-cat-${category}`} component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                    {t(`categories.${category}`)}
                  </Typography>
                  <ArticleLinks articles={byCategory.get(category)!} />
                </Paper>
              ))}
        </Box>
      )}
    </HelpLayout>
  );
}
