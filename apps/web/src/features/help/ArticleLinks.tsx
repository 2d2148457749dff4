/** A list of links to help articles, titled in the reader's language (a topic's articles, related ones). */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { HelpArticleSummary } from '@sajha/contract';
import { useHelpLanguage } from './useHelpLanguage';

export function ArticleLinks({ articles }: { articles: readonly HelpArticleSummary[] }) {
  const lang = useHelpLanguage();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.5 } }}>
      {articles.map((a) => (
        <li key={a.slug}>
          <Link component={RouterLink} to={`/help/${a.slug}`}>
            {a.title[lang]}
          </Link>
        </li>
      ))}
    </Box>
  );
}
