/**
 * /search?q=&type= (issue 35): tabs Top, People, Posts, Clips, Tags and Messages, the tab kept in the
 * address so a search can be shared and survives going back. Top shows a few of each with a link to
 * their tab; the other tabs page with "Show more". Loading shows skeletons, nothing found says so per
 * tab, and a failure offers Retry. The text itself is typed in the header's box.
 */
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SEARCH_TYPES, type SearchAnswer, type SearchType } from '@sajha/contract';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { PostCard, usePostActions, type PostCardActions } from '../posts';
import { EmptyState, ErrorState, ShowMore } from './ListStates';
import { ClipGrid, ClipTile, MessageHit, PersonRow, PostSkeletons, RowSkeletons, TagRow } from './ResultItems';
import { allOf, refusalOf, retryUnlessRefused, useSearchResults } from './searchApi';
import { PageColumn } from '../../lib/PageColumn';

type ListType = Exclude<SearchType, 'top'>;

const listSx = { listStyle: 'none', p: 0, m: 0 } as const;

/** One kind of result, drawn as its tab draws it. */
function ResultList({
  type,
  answer,
  q,
  actions,
}: {
  type: ListType;
  answer: Pick<SearchAnswer, ListType>;
  q: string;
  actions: PostCardActions;
}) {
  const { t } = useTranslation('search');
  switch (type) {
    case 'people':
      return (
        <Box component="ul" aria-label={t('tabs.people')} sx={listSx}>
          {answer.people.map((p) => (
            <PersonRow key={p.uid} person={p} />
          ))}
        </Box>
      );
    case 'tags':
      return (
        <Box component="ul" aria-label={t('tabs.tags')} sx={listSx}>
          {answer.tags.map((tag) => (
            <TagRow key={tag.name} tag={tag} />
          ))}
        </Box>
      );
    case 'messages':
      return (
        <Box component="ul" aria-label={t('tabs.messages')} sx={listSx}>
          {answer.messages.map((hit) => (
            <MessageHit key={hit.id} hit={hit} q={q} />
          ))}
        </Box>
      );
    case 'clips':
      return (
        <ClipGrid label={t('tabs.clips')}>
          {answer.clips.map((clip) => (
            <ClipTile key={clip.id} clip={clip} />
          ))}
        </ClipGrid>
      );
    case 'posts':
      return (
        <Box component="section" aria-label={t('tabs.posts')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {answer.posts.map((post) => (
            <PostCard key={post.post_id} post={post} actions={actions} />
          ))}
        </Box>
      );
  }
}

function Loading({ type }: { type: SearchType }) {
  const { t } = useTranslation('search');
  return type === 'posts' || type === 'top' ? (
    <PostSkeletons label={t('loading')} />
  ) : (
    <RowSkeletons label={t('loading')} />
  );
}

/** One tab other than Top: its results a page at a time. */
function TabResults({ q, type, actions }: { q: string; type: ListType; actions: PostCardActions }) {
  const { t } = useTranslation('search');
  const results = useSearchResults(q, type);
  const data = results.data;
  if (results.isPending) return <Loading type={type} />;
  if (!data) return <ErrorState message={refusalOf(results.error)} onRetry={retryUnlessRefused(results)} />;

  const answer: Pick<SearchAnswer, ListType> = {
    people: allOf(
      data,
      (p) => p.people,
      (p) => p.uid,
    ),
    posts: allOf(
      data,
      (p) => p.posts,
      (p) => p.post_id,
    ),
    clips: allOf(
      data,
      (p) => p.clips,
      (c) => c.id,
    ),
    tags: allOf(
      data,
      (p) => p.tags,
      (tag) => tag.name,
    ),
    messages: allOf(
      data,
      (p) => p.messages,
      (m) => m.id,
    ),
  };
  if (answer[type].length === 0) return <EmptyState title={t(`empty.${type}`, { q })} hint={t('empty.hint')} />;
  return (
    <>
      <ResultList type={type} answer={answer} q={q} actions={actions} />
      {results.isFetchNextPageError ? (
        <ErrorState onRetry={() => void results.fetchNextPage()} />
      ) : (
        results.hasNextPage && (
          <ShowMore loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()} />
        )
      )}
    </>
  );
}

function Section({
  id,
  title,
  onAll,
  children,
}: {
  id: string;
  title: string;
  onAll: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('search');
  return (
    <Box component="section" aria-labelledby={`search-section-${id}`} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={`search-section-${id}`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button size="small" onClick={onAll}>
          {t('seeAll')}
          <VisuallyHidden>{` ${title}`}</VisuallyHidden>
        </Button>
      </Box>
      {children}
    </Box>
  );
}

/** Top: a few of each kind, each with a way to its own tab. */
function TopResults({ q, actions, onTab }: { q: string; actions: PostCardActions; onTab: (type: SearchType) => void }) {
  const { t } = useTranslation('search');
  const results = useSearchResults(q, 'top');
  const answer = results.data?.pages[0];
  if (results.isPending) return <Loading type="top" />;
  if (!answer) return <ErrorState message={refusalOf(results.error)} onRetry={retryUnlessRefused(results)} />;
  const kinds = (['people', 'tags', 'posts', 'clips', 'messages'] as const).filter((k) => answer[k].length > 0);
  if (kinds.length === 0) return <EmptyState title={t('empty.top', { q })} hint={t('empty.hint')} />;
  return (
    <>
      {kinds.map((kind) => (
        <Section key={kind} id={kind} title={t(`tabs.${kind}`)} onAll={() => onTab(kind)}>
          <ResultList type={kind} answer={answer} q={q} actions={actions} />
        </Section>
      ))}
    </>
  );
}

export default function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type: SearchType = SEARCH_TYPES.find((x) => x === params.get('type')) ?? 'top';
  const actions = usePostActions();

  useEffect(() => {
    document.title = q ? t('page.documentTitleFor', { q }) : t('page.documentTitle');
  }, [q, t]);

  const showTab = (next: SearchType) => {
    setParams(next === 'top' ? { q } : { q, type: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <PageColumn gap={0}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, overflowWrap: 'anywhere', mb: 1 }}>
        {q ? t('page.titleFor', { q }) : t('page.title')}
      </Typography>
      {!q ? (
        <EmptyState title={t('page.noQuery')} hint={t('page.noQueryHint')} />
      ) : (
        <>
          <Tabs
            value={type}
            onChange={(_e, next: SearchType) => showTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('tabs.label')}
            sx={{ borderBottom: 1, borderColor: 'divider', mx: { xs: -1.5, sm: 0 } }}
          >
            {SEARCH_TYPES.map((x) => (
              <Tab key={x} value={x} label={t(`tabs.${x}`)} id={`search-tab-${x}`} aria-controls="search-panel" />
            ))}
          </Tabs>
          <Box role="tabpanel" id="search-panel" aria-labelledby={`search-tab-${type}`} sx={{ pt: 2 }}>
            {type === 'top' ? (
              <TopResults q={q} actions={actions} onTab={showTab} />
            ) : (
              <TabResults key={`${type}:${q}`} q={q} type={type} actions={actions} />
            )}
          </Box>
        </>
      )}
    </PageColumn>
  );
}
