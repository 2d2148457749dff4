/**
 * Home feed (part 2 §2): category filter, daily spotlight, post cards with infinite scroll (within 30%
 * of the bottom) and pull-to-refresh. The feed column is at most 620 px; the profile-status card sits
 * in a side column on wide screens (with the Trending card, issue 35) and behind a Feed/Status toggle
 * on narrower ones.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { FEED_CATEGORIES, type FeedCategory } from '@sajha/contract';
import { useFormat, withDigits } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { stickyTop } from '../../lib/layout';
import { PostCard, usePostActions } from '../posts';
import { TrendingCard } from '../search';
import { ProfileStatusCard } from './ProfileStatusCard';
import { useProfileStatus } from './queries';
import { SpotlightCard } from './SpotlightCard';
import { useFeed } from './useFeed';
import { usePullToRefresh } from './usePullToRefresh';
import { PageColumn } from '../../lib/PageColumn';

function CategoryFilter({ value, onChange }: { value: FeedCategory; onChange: (c: FeedCategory) => void }) {
  const { t } = useTranslation(['feed', 'posts']);
  const label = (c: FeedCategory) => (c === 'all' ? t('allCategories') : t(`posts:category.${c}`));
  return (
    <Box
      role="tablist"
      aria-label={t('categories')}
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        pb: 0.5,
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {FEED_CATEGORIES.map((c) => (
        <Chip
          key={c}
          role="tab"
          aria-selected={value === c}
          label={label(c)}
          color={value === c ? 'primary' : 'default'}
          variant={value === c ? 'filled' : 'outlined'}
          onClick={() => onChange(c)}
        />
      ))}
    </Box>
  );
}

function PostSkeleton() {
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 3 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton width="40%" />
      </Box>
      <Skeleton />
      <Skeleton width="80%" />
    </Box>
  );
}

export default function HomePage() {
  const [category, setCategory] = useState<FeedCategory>('all');
  const [view, setView] = useState<'feed' | 'status'>('feed');
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const { t } = useTranslation('feed');
  const m = useMessages();
  const f = useFormat();
  const feed = useFeed(category);
  const actions = usePostActions();
  const profile = useProfileStatus();
  const pull = usePullToRefresh(feed.refresh);
  const { loadMore } = feed;

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  useEffect(() => {
    const nearBottom = () =>
      document.documentElement.scrollHeight - (window.scrollY + window.innerHeight) <= window.innerHeight * 0.3;
    const onScroll = () => {
      if (nearBottom()) loadMore();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page too short to scroll asks for the next one itself (until one comes back empty).
    if (!feed.loading && (feed.lastBatch ?? 0) > 0 && nearBottom()) loadMore();
    return () => window.removeEventListener('scroll', onScroll);
  }, [loadMore, feed.loading, feed.lastBatch]);

  const showStatus = !profile.hidden;
  const statusCard = showStatus ? <ProfileStatusCard status={profile.status} onHide={profile.hide} /> : null;
  const current = !wide && view === 'status' && showStatus ? 'status' : 'feed';

  return (
    <PageColumn
      aside={
        wide && (
          <Box
            component="aside"
            sx={{
              width: 300,
              flexShrink: 0,
              position: 'sticky',
              top: stickyTop(24),
              alignSelf: 'flex-start',
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
            }}
          >
            {statusCard}
            <TrendingCard />
          </Box>
        )
      }
    >
      {pull > 0 && (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 40 * pull }} aria-hidden>
          <CircularProgress variant="determinate" value={pull * 100} size={28} />
        </Box>
      )}
      {!wide && showStatus && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={current}
          onChange={(_e, v: 'feed' | 'status' | null) => v && setView(v)}
          aria-label={t('view.label')}
          // The unselected button's default grey is too faint on this background (contrast under 4.5:1).
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="feed">{t('view.feed')}</ToggleButton>
          <ToggleButton value="status">{t('view.status')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {current === 'status' ? (
        statusCard
      ) : (
        <>
          <CategoryFilter value={category} onChange={setCategory} />
          {feed.newCount > 0 && (
            <Box
              sx={{
                position: 'sticky',
                top: stickyTop(12),
                zIndex: 2,
                display: 'flex',
                justifyContent: 'center',
                alignItems: 'flex-start',
                height: 0,
                overflow: 'visible',
              }}
            >
              <Button
                variant="contained"
                size="small"
                startIcon={<ArrowUpwardRounded />}
                onClick={() => {
                  feed.refresh();
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
                sx={{ borderRadius: 5, boxShadow: 4 }}
              >
                {withDigits(m.UxMessages.newPosts(feed.newCount), f.prefs.digits)}
              </Button>
            </Box>
          )}
          <SpotlightCard />
          <Box component="section" aria-label={t('posts')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {feed.posts.map((p) => (
              <PostCard key={p.post_id} post={p} actions={actions} />
            ))}
            {feed.loading && feed.posts.length === 0 && [0, 1, 2].map((i) => <PostSkeleton key={i} />)}
            {feed.loading && feed.posts.length > 0 && (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
                <CircularProgress size={28} aria-label={t('loadingMore')} />
              </Box>
            )}
            {!feed.loading && feed.posts.length === 0 && (
              <Box sx={{ textAlign: 'center', py: 5, color: 'text.secondary' }}>
                <Typography variant="h6" component="p" color="text.primary">
                  {t('empty.title')}
                </Typography>
                <Typography>{category === 'all' ? t('empty.all') : t('empty.category')}</Typography>
              </Box>
            )}
            {!feed.loading && feed.lastBatch === 0 && feed.posts.length > 0 && (
              <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
                {m.Messages.post.noMorePosts}
              </Typography>
            )}
          </Box>
        </>
      )}
    </PageColumn>
  );
}
