/**
 * What a profile holds below its header (issue 37): tabs Posts and Clips, and for posts a List / Grid
 * toggle. The tab and the view live in the address (`?tab=clips`, `?view=grid`), so Back from a post or a
 * clip returns to the same view, and a link can name it.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewAgendaOutlined from '@mui/icons-material/ViewAgendaOutlined';
import { useTranslation } from 'react-i18next';
import type { PostDto, ReelDto } from '@sajha/contract';
import { useMessages } from '../../i18n/language';
import { PostCard, type PostCardActions } from '../posts';
import { ClipGrid, PostGrid } from './ProfileGrids';

export type ProfileTab = 'posts' | 'clips';
export type PostsView = 'list' | 'grid';

/** A page of things with "load more": what the profile page hands over for posts and for clips. */
export interface Paged<T> {
  items: T[];
  loading: boolean;
  full: boolean;
  more: () => void;
}

/** The profile's tab and posts view, read from and written to the address (replacing, not pushing). */
export function useProfileView(): {
  tab: ProfileTab;
  view: PostsView;
  set: (change: { tab?: ProfileTab; view?: PostsView }) => void;
} {
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = params.get('tab') === 'clips' ? 'clips' : 'posts';
  const view: PostsView = params.get('view') === 'grid' ? 'grid' : 'list';
  const set = (change: { tab?: ProfileTab; view?: PostsView }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const put = (key: string, value: string | undefined, fallback: string) => {
          if (value === undefined) return;
          if (value === fallback) next.delete(key);
          else next.set(key, value);
        };
        put('tab', change.tab, 'posts');
        put('view', change.view, 'list');
        return next;
      },
      { replace: true },
    );
  return { tab, view, set };
}

function PostSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} data-testid="post-skeleton">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton width="40%" />
      </Box>
      <Skeleton />
      <Skeleton width="80%" />
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
      {children}
    </Typography>
  );
}

export function ProfileContent({
  posts,
  clips,
  actions,
}: {
  posts: Paged<PostDto>;
  clips: Paged<ReelDto>;
  actions: PostCardActions;
}) {
  const { t } = useTranslation('people');
  const m = useMessages();
  const { tab, view, set } = useProfileView();
  const tabId = (name: ProfileTab) => `profile-tab-${name}`;
  const panelId = (name: ProfileTab) => `profile-panel-${name}`;

  return (
    <Box component="section" id="posts">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
          mb: 2,
        }}
      >
        <Tabs
          value={tab}
          onChange={(_e, value: ProfileTab) => set({ tab: value })}
          aria-label={t('profile.contentTabs')}
        >
          <Tab value="posts" label={t('profile.posts')} id={tabId('posts')} aria-controls={panelId('posts')} />
          <Tab value="clips" label={t('profile.clips')} id={tabId('clips')} aria-controls={panelId('clips')} />
        </Tabs>
        {tab === 'posts' && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_e, value: PostsView | null) => {
              if (value) set({ view: value });
            }}
            aria-label={t('profile.postsView')}
          >
            <ToggleButton value="list" aria-label={t('profile.listView')}>
              <ViewAgendaOutlined fontSize="small" />
            </ToggleButton>
            <ToggleButton value="grid" aria-label={t('profile.gridView')}>
              <GridViewOutlined fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>

      <Box
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={tabId(tab)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {tab === 'posts' ? (
          <>
            {view === 'grid' ? (
              <PostGrid posts={posts.items} loading={posts.loading} label={t('profile.postsSection')} />
            ) : (
              <>
                {posts.items.map((p) => (
                  <PostCard key={p.post_id} post={p} actions={actions} />
                ))}
                {posts.loading && [0, 1].map((i) => <PostSkeleton key={i} />)}
              </>
            )}
            {!posts.loading && posts.items.length === 0 && <Empty>{m.Messages.profile.noPosts}</Empty>}
            {!posts.loading && posts.full && (
              <Button variant="outlined" onClick={posts.more} sx={{ alignSelf: 'center' }}>
                {m.Messages.profile.loadMore}
              </Button>
            )}
          </>
        ) : (
          <>
            <ClipGrid clips={clips.items} loading={clips.loading} label={t('profile.clips')} />
            {!clips.loading && clips.items.length === 0 && <Empty>{t('profile.noClips')}</Empty>}
            {!clips.loading && clips.full && (
              <Button variant="outlined" onClick={clips.more} sx={{ alignSelf: 'center' }}>
                {t('profile.loadMoreClips')}
              </Button>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
