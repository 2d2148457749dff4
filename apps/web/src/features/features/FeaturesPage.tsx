/**
 * Features page (/features): the tabs "Features List" and "Suggest Feature". The list shows date,
 * feature, member and status (Implemented or Pending), newest first or by votes, paged; each member has
 * one vote per suggestion (toggled); admins (ADMIN_EMAILS) can change the status. The form needs both
 * fields; the server checks them too and its answer comes back as the catalogue's toasts. Someone
 * else's suggestion can be reported (ours).
 */
import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltRounded from '@mui/icons-material/ThumbUpAltRounded';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Events, FEATURE_LIMITS, FEATURE_STATUSES, type FeatureItem, type FeatureStatus } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useLocalize, useMessages } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { useConnectedSocket } from '../../lib/realtime';
import { errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { useReportDialog } from '../moderation';
import { itemsOf, putFeature, sendStatus, sendSuggestion, useFeaturePages, type FeatureSort as Sort } from './queries';
import { useVoteFeature } from './useVoteFeature';

/** What separates the facts of a suggestion's line: a mark, not a word. */
const SEP = ' · ';

function FeatureRow(props: {
  item: FeatureItem;
  canModerate: boolean;
  onVote: (item: FeatureItem) => void;
  onStatus: (item: FeatureItem, status: FeatureStatus) => void;
  /** Someone else's suggestion: offers Report. */
  onReport?: (item: FeatureItem) => void;
}) {
  const { item, onReport } = props;
  const { t } = useTranslation('features');
  const f = useFormat();
  return (
    <Card
      variant="outlined"
      component="li"
      data-testid="feature-row"
      data-feature-id={item.id}
      sx={{ listStyle: 'none' }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 48 }}>
          <Button
            size="small"
            variant={item.voted ? 'contained' : 'outlined'}
            aria-pressed={item.voted}
            aria-label={t(item.voted ? 'unvote' : 'vote', { feature: item.feature })}
            onClick={() => props.onVote(item)}
            sx={{ minWidth: 0, px: 1 }}
          >
            {item.voted ? <ThumbUpAltRounded fontSize="small" /> : <ThumbUpAltOutlined fontSize="small" />}
          </Button>
          <Typography variant="caption" data-testid="vote-count" sx={{ fontWeight: 700 }}>
            {f.number(item.votes)}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {item.feature}
            </Typography>
            {props.canModerate ? (
              <TextField
                select
                size="small"
                value={item.status}
                onChange={(e) => props.onStatus(item, e.target.value as FeatureStatus)}
                slotProps={{ htmlInput: { 'aria-label': t('statusOf', { feature: item.feature }) } }}
                sx={{ minWidth: 140 }}
              >
                {FEATURE_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Chip
                size="small"
                label={t(`statuses.${item.status}`)}
                data-testid="feature-status"
                color={item.status === 'Implemented' ? 'success' : 'default'}
              />
            )}
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}
          >
            {item.description}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={item.date}>{f.date(item.date)}</time>
            {SEP}
            <Link component={RouterLink} to={`/u/@${item.username}`} underline="hover">
              {item.user}
            </Link>
            {onReport && (
              <>
                {SEP}
                <Link
                  component="button"
                  type="button"
                  variant="caption"
                  color="text.secondary"
                  underline="hover"
                  onClick={() => onReport(item)}
                  aria-label={t('reportLabel', { feature: item.feature })}
                  sx={{ verticalAlign: 'baseline' }}
                >
                  {t('report')}
                </Link>
              </>
            )}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function FeaturesList() {
  const { t } = useTranslation('features');
  const { FeatureMessages } = useMessages();
  const localize = useLocalize();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const [sort, setSort] = useState<Sort>('newest');
  const pages = useFeaturePages(sort);
  const items = pages.data ? itemsOf(pages.data) : null;
  const hasMore = pages.hasNextPage;
  const canModerate = pages.data?.pages.at(-1)?.canModerate ?? false;
  const me = useAuth().user?.username.toLowerCase();
  const { open: openReport, dialog: reportDialog } = useReportDialog();
  const onReport = useCallback(
    (item: FeatureItem) => openReport({ kind: 'suggestion', id: item.id, title: t('reportTitle') }),
    [openReport, t],
  );

  useSocketEvents({ [Events.featureUpdated]: (update) => putFeature(client, update) });

  const onVote = useVoteFeature();
  const { mutate: changeStatus } = useMutation({
    mutationFn: ({ item, status }: { item: FeatureItem; status: FeatureStatus }) => {
      if (!socket) throw new Error(t('notConnected'));
      return sendStatus(socket, item.id, status);
    },
    onSuccess: (item) => {
      putFeature(client, item);
      toast.show({ message: FeatureMessages.statusChanged, type: 'success' });
    },
    // A refusal is the server's text (English from an older node): shown in the page's language.
    onError: (error) => toast.show({ message: localize(errorMessage(error, FeatureMessages.notFound)), type: 'error' }),
  });
  const onStatus = useCallback(
    (item: FeatureItem, status: FeatureStatus) => changeStatus({ item, status }),
    [changeStatus],
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={sort}
          onChange={(_e, v: Sort | null) => v && setSort(v)}
          aria-label={t('sort')}
          // The unselected button's default grey fell under 4.5:1 on the page background.
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="newest">{t('newest')}</ToggleButton>
          <ToggleButton value="votes">{t('mostVotes')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {items === null ? (
        <Box
          role="status"
          aria-busy="true"
          aria-label={t('loading')}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={92} />
          ))}
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <LightbulbOutlined sx={{ fontSize: 48 }} aria-hidden />
          <Typography>{FeatureMessages.empty}</Typography>
        </Box>
      ) : (
        <Box
          component="ul"
          aria-label={t('list')}
          sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {items.map((item) => (
            <FeatureRow
              key={item.id}
              item={item}
              canModerate={canModerate}
              onVote={onVote}
              onStatus={onStatus}
              onReport={me && item.username.toLowerCase() !== me ? onReport : undefined}
            />
          ))}
        </Box>
      )}
      {hasMore && items && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            onClick={() => {
              if (!pages.isFetchingNextPage) void pages.fetchNextPage();
            }}
          >
            {t('loadMore')}
          </Button>
        </Box>
      )}
      {reportDialog}
    </Box>
  );
}

function SuggestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('features');
  const { FeatureMessages } = useMessages();
  const localize = useLocalize();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const [feature, setFeature] = useState('');
  const [description, setDescription] = useState('');
  const { mutate: suggest, isPending: sending } = useMutation({
    mutationFn: (input: { feature: string; description: string }) => {
      if (!socket) throw new Error(t('notConnected'));
      return sendSuggestion(socket, input);
    },
    onSuccess: (item) => {
      // Everyone's list hears of it (featureUpdated); this one shows it without waiting.
      if (item) putFeature(client, item);
      toast.show({ message: FeatureMessages.submitted, type: 'success' });
      setFeature('');
      setDescription('');
      onDone();
    },
    onError: (error) =>
      toast.show({ message: localize(errorMessage(error, FeatureMessages.featureRequired)), type: 'error' }),
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!socket || sending) return;
        suggest({ feature, description });
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
    >
      <TextField
        label={t('feature')}
        required
        value={feature}
        onChange={(e) => setFeature(e.target.value)}
        slotProps={{ htmlInput: { maxLength: FEATURE_LIMITS.titleMax } }}
      />
      <TextField
        label={t('description')}
        required
        multiline
        minRows={4}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        slotProps={{ htmlInput: { maxLength: FEATURE_LIMITS.descriptionMax } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={sending}>
          {t('submit')}
        </Button>
      </Box>
    </Box>
  );
}

export default function FeaturesPage() {
  const { t } = useTranslation('features');
  const [tab, setTab] = useState(0);
  const documentTitle = t('documentTitle');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const showList = useCallback(() => setTab(0), []);
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, md: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={t('tabs')} sx={{ mb: 3 }}>
        <Tab label={t('listTab')} id="features-tab-0" aria-controls="features-panel-0" />
        <Tab label={t('suggestTab')} id="features-tab-1" aria-controls="features-panel-1" />
      </Tabs>
      {/* Both panels stay mounted: the list keeps its place and live updates while the form is open. */}
      <Box role="tabpanel" id="features-panel-0" aria-labelledby="features-tab-0" hidden={tab !== 0}>
        <FeaturesList />
      </Box>
      <Box role="tabpanel" id="features-panel-1" aria-labelledby="features-tab-1" hidden={tab !== 1}>
        <SuggestForm onDone={showList} />
      </Box>
    </Box>
  );
}
