/**
 * /help/:slug: one article in the reader's language (the same text the assistant quotes), with where it
 * sits, related articles, and the assistant for what it does not answer. Public.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { FormattedText } from '../ai';
import { ArticleLinks } from './ArticleLinks';
import { HelpLoadError, useHelpArticle } from './helpApi';
import { HelpLayout } from './HelpLayout';
import { useHelpLanguage } from './useHelpLanguage';

export default function HelpArticlePage() {
  const { t } = useTranslation('help');
  const lang = useHelpLanguage();
  const slug = useParams().slug ?? '';
  const article = useHelpArticle(slug);
  const title = article.data?.title[lang];
  useEffect(() => {
    document.title = title ? t('articleTitle', { title }) : t('documentTitle');
  }, [t, title]);

  const missing = article.error instanceof HelpLoadError && article.error.status === 404;

  return (
    <HelpLayout>
      <Breadcrumbs aria-label={t('breadcrumb')} sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/help">
          {t('home')}
        </Link>
        {article.data && <Typography color="text.secondary">{t(`categories.${article.data.category}`)}</Typography>}
      </Breadcrumbs>
      {article.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: '70%' }} />
          <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
        </Box>
      ) : article.isError ? (
        <Box role="alert">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            {missing ? t('notFound') : t('loadFailed')}
          </Typography>
          {missing ? (
            <Button component={RouterLink} to="/help" variant="outlined">
              {t('backToHelp')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => void article.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Box>
      ) : (
        <article aria-labelledby="help-article-title">
          <Typography
            id="help-article-title"
            variant="h4"
            component="h1"
            sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '1.75rem', md: '2.25rem' } }}
          >
            {article.data.title[lang]}
          </Typography>
          <Box sx={{ fontSize: '1.05rem', '& p + p': { mt: 1.5 } }}>
            <FormattedText text={article.data.body[lang]} variant="body1" />
          </Box>
          <Paper variant="outlined" sx={{ mt: 4, p: 2, borderRadius: 3, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to="/ai" startIcon={<AutoAwesomeOutlined />}>
              {t('askAssistant')}
            </Button>
            <Button component={RouterLink} to="/help">
              {t('backToHelp')}
            </Button>
          </Paper>
          {article.data.related.length > 0 && (
            <Box component="nav" aria-labelledby="help-related" sx={{ mt: 4 }}>
              <Typography id="help-related" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {t('related')}
              </Typography>
              <ArticleLinks articles={article.data.related} />
            </Box>
          )}
        </article>
      )}
    </HelpLayout>
  );
}
