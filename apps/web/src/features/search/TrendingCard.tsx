/**
 * A compact "Trending" card for a side column: the top tags of the last SEARCH_LIMITS.trendingHours
 * hours by how many members used them, each a link to its page, and a link to Explore. Shows nothing
 * while nothing trends, or when trending cannot be loaded (it is a side card, not the page).
 */
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useFormat } from '../../i18n/format';
import { tagPath } from './linkify';
import { useTrending } from './searchApi';

const SHOWN = 5;

export function TrendingCard() {
  const { t } = useTranslation('search');
  const f = useFormat();
  const trending = useTrending();
  const tags = trending.data?.pages[0]?.tags.slice(0, SHOWN) ?? [];
  if (!trending.isPending && tags.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="trending-card-title" sx={{ p: 2, borderRadius: 3 }}>
      <Typography id="trending-card-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('trending.title')}
      </Typography>
      {trending.isPending ? (
        <Box aria-busy="true" role="status" aria-label={t('loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Box>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tags.map((tag) => (
            <Box component="li" key={tag.name} sx={{ py: 0.75 }}>
              <Link component={RouterLink} to={tagPath(tag.name)} underline="hover" sx={{ fontWeight: 700 }}>
                {`#${tag.name}`}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('members', { count: tag.members, number: f.number(tag.members) })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Link component={RouterLink} to="/explore" variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
        {t('trending.more')}
      </Link>
    </Paper>
  );
}
