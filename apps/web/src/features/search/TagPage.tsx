/**
 * /tag/{name} (issue 35): "#name", how many posts and clips carry it, Follow / Following (a followed
 * tag's posts show on Explore and feed the home feed), Newest or Top, then its clips and posts a page
 * at a time ("Show more").
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useFormat } from '../../i18n/format';
import { PostCard, usePostActions } from '../posts';
import { useFollowTag } from './follows';
import { EmptyState, ErrorState, ShowMore } from './ListStates';
import { ClipGrid, ClipTile, PostSkeletons } from './ResultItems';
import { allOf, refusalOf, retryUnlessRefused, useTagPage, type TagSort } from './searchApi';
import { PageColumn } from '../../lib/PageColumn';

export default function TagPage() {
  const { t } = useTranslation('search');
  const f = useFormat();
  const name = (useParams().name ?? '').replace(/^#/, '').normalize('NFC').toLowerCase();
  const [sort, setSort] = useState<TagSort>('new');
  const page = useTagPage(name, sort);
  const follow = useFollowTag();
  const actions = usePostActions();
  const first = page.data?.pages[0];
  const tag = first?.tag;

  useEffect(() => {
    document.title = t('tag.documentTitle', { name });
  }, [name, t]);

  const posts = allOf(
    page.data,
    (p) => p.posts,
    (p) => p.post_id,
  );
  const clips = allOf(
    page.data,
    (p) => p.clips,
    (c) => c.id,
  );

  return (
    <PageColumn>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {`#${tag?.name ?? name}`}
          </Typography>
          <Typography color="text.secondary" data-testid="tag-uses">
            {tag ? t('tag.uses', { count: tag.uses, number: f.number(tag.uses) }) : <Skeleton width={120} />}
          </Typography>
        </Box>
        {tag && (
          <Button
            variant={tag.followed ? 'outlined' : 'contained'}
            onClick={() => follow.toggle(tag)}
            disabled={follow.pendingFor(tag.name)}
            aria-label={t(tag.followed ? 'follow.followingName' : 'follow.followName', { name: `#${tag.name}` })}
            sx={{ minWidth: 112 }}
          >
            {tag.followed ? t('follow.following') : t('follow.follow')}
          </Button>
        )}
      </Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={sort}
        onChange={(_e, next: TagSort | null) => next && setSort(next)}
        aria-label={t('tag.sortLabel')}
        sx={{ alignSelf: 'flex-start', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      >
        <ToggleButton value="new">{t('tag.newest')}</ToggleButton>
        <ToggleButton value="top">{t('tag.top')}</ToggleButton>
      </ToggleButtonGroup>

      {page.isPending ? (
        <PostSkeletons label={t('loading')} />
      ) : !page.data ? (
        <ErrorState message={refusalOf(page.error)} onRetry={retryUnlessRefused(page)} />
      ) : posts.length === 0 && clips.length === 0 ? (
        <EmptyState title={t('tag.empty', { name })} hint={t('tag.emptyHint')} />
      ) : (
        <>
          {clips.length > 0 && (
            <Box component="section" aria-labelledby="tag-clips">
              <Typography id="tag-clips" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {t('tabs.clips')}
              </Typography>
              <ClipGrid>
                {clips.map((clip) => (
                  <ClipTile key={clip.id} clip={clip} />
                ))}
              </ClipGrid>
            </Box>
          )}
          {posts.length > 0 && (
            <Box
              component="section"
              aria-labelledby="tag-posts"
              sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
            >
              <Typography id="tag-posts" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {t('tabs.posts')}
              </Typography>
              {posts.map((post) => (
                <PostCard key={post.post_id} post={post} actions={actions} />
              ))}
            </Box>
          )}
          {page.isFetchNextPageError ? (
            <ErrorState onRetry={() => void page.fetchNextPage()} />
          ) : (
            page.hasNextPage && <ShowMore loading={page.isFetchingNextPage} onClick={() => void page.fetchNextPage()} />
          )}
        </>
      )}
    </PageColumn>
  );
}
