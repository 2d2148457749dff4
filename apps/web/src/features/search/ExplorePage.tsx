/**
 * /explore (issue 35): tags rising over the last day (by the members who used them, so one member
 * cannot push a tag), the posts rising with them, and the newest posts of the tags the member follows
 * (the first few tags, each with a link to its page).
 */
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type TagResult } from '@sajha/contract';
import { PostCard, usePostActions, type PostCardActions } from '../posts';
import { EmptyState, ErrorState } from './ListStates';
import { PostSkeletons, RowSkeletons, TagRow } from './ResultItems';
import { tagPath } from './linkify';
import { refusalOf, retryUnlessRefused, useFollowedTags, useTagPage, useTrending } from './searchApi';
import { PageColumn } from '../../lib/PageColumn';

/** Followed tags shown with their posts (the rest as chips); posts shown of each. */
const FOLLOWED_SHOWN = 3;
const POSTS_EACH = 3;

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
      {children}
    </Typography>
  );
}

function FollowedTagPosts({ tag, actions }: { tag: TagResult; actions: PostCardActions }) {
  const { t } = useTranslation('search');
  const page = useTagPage(tag.name, 'new');
  const posts = page.data?.pages[0]?.posts.slice(0, POSTS_EACH) ?? [];
  return (
    <Box
      component="section"
      aria-labelledby={`followed-${tag.name}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`followed-${tag.name}`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
          {`#${tag.name}`}
        </Typography>
        <Link component={RouterLink} to={tagPath(tag.name)} variant="body2" sx={{ flexShrink: 0 }}>
          {t('explore.openTag', { name: tag.name })}
        </Link>
      </Box>
      {page.isPending ? (
        <PostSkeletons count={1} label={t('loading')} />
      ) : posts.length === 0 ? (
        <Typography color="text.secondary">{t('tag.empty', { name: tag.name })}</Typography>
      ) : (
        posts.map((post) => <PostCard key={post.post_id} post={post} actions={actions} />)
      )}
    </Box>
  );
}

function FromFollowedTags({ actions }: { actions: PostCardActions }) {
  const { t } = useTranslation('search');
  const followed = useFollowedTags();
  const tags = followed.data ?? [];
  return (
    <Box component="section" aria-labelledby="explore-followed">
      <Heading id="explore-followed">{t('explore.followed')}</Heading>
      {followed.isPending ? (
        <RowSkeletons count={2} label={t('loading')} />
      ) : followed.isError ? (
        <ErrorState message={refusalOf(followed.error)} onRetry={retryUnlessRefused(followed)} />
      ) : tags.length === 0 ? (
        <Typography color="text.secondary">{t('explore.followNone')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box
            component="ul"
            aria-label={t('explore.followedList')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
          >
            {tags.map((tag) => (
              <li key={tag.name}>
                <Chip
                  component={RouterLink}
                  to={tagPath(tag.name)}
                  label={`#${tag.name}`}
                  clickable
                  variant="outlined"
                />
              </li>
            ))}
          </Box>
          {tags.slice(0, FOLLOWED_SHOWN).map((tag) => (
            <FollowedTagPosts key={tag.name} tag={tag} actions={actions} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export default function ExplorePage() {
  const { t } = useTranslation('search');
  const trending = useTrending();
  const actions = usePostActions();
  const answer = trending.data?.pages[0];

  useEffect(() => {
    document.title = t('explore.documentTitle');
  }, [t]);

  return (
    <PageColumn gap={4}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          {t('explore.title')}
        </Typography>
        <Typography color="text.secondary">{t('explore.intro')}</Typography>
      </Box>
      {trending.isError ? (
        <ErrorState message={refusalOf(trending.error)} onRetry={retryUnlessRefused(trending)} />
      ) : (
        <>
          <Box component="section" aria-labelledby="explore-tags">
            <Heading id="explore-tags">{t('explore.trendingTags')}</Heading>
            {!answer ? (
              <RowSkeletons count={3} label={t('loading')} />
            ) : answer.tags.length === 0 ? (
              <EmptyState title={t('explore.noTrendingTags')} />
            ) : (
              <Box component="ol" aria-label={t('explore.trendingTags')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {answer.tags.map((tag) => (
                  <TagRow key={tag.name} tag={tag} members={tag.members} />
                ))}
              </Box>
            )}
          </Box>
          <Box
            component="section"
            aria-labelledby="explore-posts"
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <Heading id="explore-posts">{t('explore.trendingPosts')}</Heading>
            {!answer ? (
              <PostSkeletons label={t('loading')} />
            ) : answer.posts.length === 0 ? (
              <Typography color="text.secondary">{t('explore.noTrendingPosts')}</Typography>
            ) : (
              answer.posts.map((post) => <PostCard key={post.post_id} post={post} actions={actions} />)
            )}
          </Box>
        </>
      )}
      <FromFollowedTags actions={actions} />
    </PageColumn>
  );
}
