/**
 * The staff dashboard (/admin): members (all, new, active), open reports and how long the oldest has
 * waited, storage, the job queues and the health of the database and Redis as cards; what was made per
 * day over the last 30 days as charts (@mui/x-charts). Each chart's figures are also a table for screen
 * readers (the drawing itself is hidden from them) and a one-line summary everyone reads.
 * Its own lazy chunk: the charts never load with the landing page or a member's screens.
 */
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Link as RouterLink } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  DASHBOARD_DAYS,
  Routes,
  type Dashboard,
  type DashboardDay,
  type DashboardQueue,
  type Probe,
} from '@sajha/contract';
import { useFormat, type Format } from '../../i18n/format';
import { messages } from '../../i18n/prefs';
import { HttpError, call } from '../../lib/http';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { AdminPage, LoadError } from './AdminPage';
import { SEP } from './vocabulary';

function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async (): Promise<Dashboard> => {
      const res = await call(Routes.staffDashboard);
      if (!res.ok)
        throw new HttpError(res.status, {
          ...res.data,
          message: res.data.message ?? messages().Messages.server.internal,
        });
      return res.data;
    },
    // Figures of the day: a minute old is fresh enough, and an open dashboard keeps up by itself.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The dashboard's words and figures in the page's language, calendar and digits. */
interface Words {
  t: Translate;
  f: Format;
  n: (value: number) => string;
  /** A day of the series ("2025-01-03") as "3 Jan", or with its weekday ("Tue, Jan 3"). */
  day: (day: string, long?: boolean) => string;
}

/** The day of the series as a local date: it is the server's calendar day, so no shifting. */
const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

function useWords(): Words {
  const { t } = useTranslation('admin');
  const f = useFormat();
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(f.tag, { weekday: 'short' });
    const withWeekday = new Intl.DateTimeFormat(f.tag, { weekday: 'short', day: 'numeric', month: 'short' });
    const day = (value: string, long = false) => {
      const date = localDay(value);
      if (!long) return f.dayMonth(date);
      return f.prefs.calendar === 'bs' ? `${weekday.format(date)} ${f.dayMonth(date)}` : withWeekday.format(date);
    };
    return { t, f, n: (value: number) => f.number(value), day };
  }, [t, f]);
}

function bytesText(f: Format, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return f.number(value, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && i > 0 ? 1 : 0,
  });
}

function ageText({ t, n }: Words, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return t('dashboard.age.underMinute');
  if (minutes < 60) return t('dashboard.age.minutes', { m: n(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 6) return t('dashboard.age.hoursMinutes', { h: n(hours), m: n(minutes % 60) });
  if (hours < 48) return t('dashboard.age.hours', { h: n(hours) });
  return t('dashboard.age.days', { d: n(Math.floor(hours / 24)) });
}

// ---------------------------------------------------------------------------------------------------
// Cards of figures

function StatCard(props: {
  label: string;
  value: string;
  detail?: ReactNode;
  tone?: 'warning' | 'error';
  /** The staff screen these figures come from. */
  to?: string;
}) {
  const content = (
    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {props.label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        sx={{
          fontWeight: 700,
          my: 0.5,
          fontSize: { xs: '1.75rem', sm: '2.125rem' },
          whiteSpace: 'nowrap',
          color: props.tone ? `${props.tone}.main` : undefined,
        }}
      >
        {props.value}
      </Typography>
      {props.detail && (
        <Typography variant="body2" color="text.secondary">
          {props.detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-label={props.label}>
      {props.to ? (
        <CardActionArea component={RouterLink} to={props.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

function FigureCards({ d }: { d: Dashboard }) {
  const words = useWords();
  const { t, f, n } = words;
  const { members, reports, storage } = d;
  const waited = reports.oldestOpenAgeSeconds;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
      <StatCard
        label={t('dashboard.members')}
        value={n(members.total)}
        detail={t('dashboard.membersDetail', {
          today: n(members.newToday),
          week: n(members.new7Days),
          weekDays: n(7),
        })}
      />
      <StatCard
        label={t('dashboard.activeToday')}
        value={n(members.activeToday)}
        detail={t('dashboard.activeDetail', {
          week: n(members.active7Days),
          weekDays: n(7),
          month: n(members.active30Days),
          monthDays: n(30),
        })}
      />
      <StatCard
        label={t('dashboard.openReports')}
        to="/admin/reports"
        value={n(reports.open)}
        tone={waited !== null && waited > 24 * 3600 ? 'warning' : undefined}
        detail={
          waited === null
            ? t('dashboard.queueEmpty')
            : t('dashboard.openDetail', {
                count: reports.openItems,
                n: n(reports.openItems),
                age: ageText(words, waited),
              })
        }
      />
      <StatCard
        label={t('dashboard.storage')}
        value={bytesText(f, storage.bytes)}
        detail={t('dashboard.files', { count: storage.files, n: n(storage.files) })}
      />
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------
// Charts, each with its summary and its figures as a table

type DayKey = Exclude<keyof DashboardDay, 'day'>;
interface Line {
  key: DayKey;
  label: string;
  color: string;
}

/** Read by screen readers, not shown: a table keeps its width, so a clipped box of one pixel holds it. */
const visuallyHidden = {
  position: 'absolute',
  // In px: a bare 1 in sx means 100%.
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function DaysTable({ caption, days, lines }: { caption: string; days: DashboardDay[]; lines: Line[] }) {
  const { t, n, day } = useWords();
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            {lines.map((l) => (
              <th key={l.key} scope="col">
                {l.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{day(d.day, true)}</th>
              {lines.map((l) => (
                <td key={l.key}>{n(d[l.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** "312 in 30 days · today 12 · most on Tue 3 Jan (40)", per line. */
function summaryOf({ t, n, day }: Words, days: DashboardDay[], line: Line): string {
  const total = days.reduce((sum, d) => sum + d[line.key], 0);
  const today = days.at(-1)?.[line.key] ?? 0;
  const best = days.reduce<DashboardDay | undefined>(
    (top, d) => (!top || d[line.key] > top[line.key] ? d : top),
    undefined,
  );
  const summary = t('dashboard.summary', { total: n(total), days: n(days.length), today: n(today) });
  return best && best[line.key] > 0
    ? `${summary}${SEP}${t('dashboard.most', { day: day(best.day, true), n: n(best[line.key]) })}`
    : summary;
}

function DaysChart(props: { id: string; title: string; days: DashboardDay[]; lines: Line[]; kind: 'line' | 'bar' }) {
  const { id, title, days, lines, kind } = props;
  const words = useWords();
  const { t, n, day } = words;
  const labels = days.map((d) => day(d.day));
  // Tooltips and ticks read in the member's digits.
  const valueFormatter = (value: number | null) => (value === null ? '' : n(value));
  const series = lines.map((l) => ({
    data: days.map((d) => d[l.key]),
    label: l.label,
    color: l.color,
    valueFormatter,
  }));
  const common = {
    height: 220,
    hideLegend: lines.length < 2,
    // Room on the right for the last day's label, which is centred under its bar.
    margin: { left: 0, right: 24, top: 8, bottom: 0 },
    yAxis: [{ tickMinStep: 1, width: 36, valueFormatter: (value: number) => n(value) }],
    grid: { horizontal: true },
    // The chart is a picture of the table below it (hidden from screen readers), so it takes no
    // keyboard focus: x-charts 9 otherwise puts a focusable layer inside the aria-hidden box.
    disableKeyboardNavigation: true,
  };
  return (
    <Card variant="outlined" component="figure" aria-labelledby={`${id}-title`} sx={{ m: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 1 } }}>
        <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {lines.map((l) => (
          <Typography key={l.key} variant="body2" color="text.secondary">
            {lines.length > 1
              ? t('dashboard.lineSummary', { label: l.label, summary: summaryOf(words, days, l) })
              : summaryOf(words, days, l)}
          </Typography>
        ))}
        <Box aria-hidden="true" sx={{ mx: -1 }}>
          {kind === 'bar' ? (
            <BarChart {...common} series={series} xAxis={[{ scaleType: 'band', data: labels, tickLabelMinGap: 12 }]} />
          ) : (
            <LineChart
              {...common}
              // Straight segments: a smoothed curve would draw values between days that never were.
              series={series.map((s) => ({ ...s, curve: 'linear' as const, showMark: false }))}
              xAxis={[{ scaleType: 'point', data: labels, tickLabelMinGap: 12 }]}
            />
          )}
        </Box>
        <DaysTable caption={t('dashboard.dayByDay', { title })} days={days} lines={lines} />
      </CardContent>
    </Card>
  );
}

/** Purple: apart from the day charts' colours (posts, clips, messages, new members). */
const activeColor = (mode: 'light' | 'dark') => (mode === 'dark' ? '#ce93d8' : '#7b1fa2');

/**
 * The palette of the scheme on screen. The theme switches schemes through CSS variables, which the
 * charts' SVG colours cannot follow: they are given the scheme's own values, and change with it.
 */
function useSchemePalette(): Palette {
  // The theme has colorSchemes (app/theme.tsx); the plain Theme type does not say so.
  const theme = useTheme<Theme & { colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>> }>();
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light';
  return theme.colorSchemes?.[scheme]?.palette ?? theme.palette;
}

function ActiveChart({ d }: { d: Dashboard }) {
  const palette = useSchemePalette();
  const { t, n } = useWords();
  const rows = [
    { label: t('dashboard.today'), value: d.members.activeToday },
    { label: t('dashboard.lastDays', { days: n(7) }), value: d.members.active7Days },
    { label: t('dashboard.lastDays', { days: n(30) }), value: d.members.active30Days },
    { label: t('dashboard.allMembers'), value: d.members.total },
  ];
  return (
    <Card variant="outlined" component="figure" aria-labelledby="active-title" sx={{ m: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 1 } }}>
        <Typography id="active-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('dashboard.membersActive')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {rows.map((r) => t('dashboard.rowValue', { label: r.label, value: n(r.value) })).join(SEP)}
        </Typography>
        <Box aria-hidden="true" sx={{ mx: -1 }}>
          <BarChart
            height={220}
            hideLegend
            disableKeyboardNavigation
            margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
            grid={{ horizontal: true }}
            xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
            yAxis={[{ tickMinStep: 1, width: 36, valueFormatter: (value: number) => n(value) }]}
            series={[
              {
                data: rows.map((r) => r.value),
                label: t('dashboard.members'),
                color: activeColor(palette.mode),
                valueFormatter: (value: number | null) => (value === null ? '' : n(value)),
              },
            ]}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------
// Jobs and health

function JobsCard({ jobs }: { jobs: DashboardQueue[] }) {
  const { t, n } = useWords();
  const total = (k: 'queued' | 'active' | 'failed' | 'scheduled') => jobs.reduce((s, q) => s + q[k], 0);
  const busy = jobs.filter((q) => q.queued + q.active + q.failed + q.scheduled > 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="jobs-title">
      <CardContent>
        <Typography id="jobs-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('dashboard.jobs')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('dashboard.jobsSummary', {
            queued: n(total('queued')),
            active: n(total('active')),
            scheduled: n(total('scheduled')),
          })}{' '}
          <Box component="span" sx={{ color: total('failed') > 0 ? 'error.main' : undefined }}>
            {t('dashboard.failedIn', { failed: n(total('failed')), hours: n(24) })}
          </Box>
        </Typography>
        {busy.length === 0 ? (
          <Typography variant="body2">{t('dashboard.idle', { n: n(jobs.length) })}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
            {busy.map((q) => (
              <Box
                component="li"
                key={q.queue}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}
              >
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'monospace', flex: '1 1 10rem', overflowWrap: 'anywhere' }}
                >
                  {q.queue}
                </Typography>
                {q.queued > 0 && (
                  <Chip
                    size="small"
                    label={t('dashboard.waiting', { n: n(q.queued) })}
                    color="warning"
                    variant="outlined"
                  />
                )}
                {q.active > 0 && (
                  <Chip
                    size="small"
                    label={t('dashboard.running', { n: n(q.active) })}
                    color="info"
                    variant="outlined"
                  />
                )}
                {q.scheduled > 0 && (
                  <Chip size="small" label={t('dashboard.scheduled', { n: n(q.scheduled) })} variant="outlined" />
                )}
                {q.failed > 0 && <Chip size="small" label={t('dashboard.failed', { n: n(q.failed) })} color="error" />}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Each probe's state: its word (`dashboard.<text>`) and colour. */
const PROBE_TEXT: Record<Probe['status'], { text: string; color: 'success' | 'error' | 'default' }> = {
  up: { text: 'up', color: 'success' },
  down: { text: 'down', color: 'error' },
  'not-used': { text: 'notUsed', color: 'default' },
};

function HealthCard({ d }: { d: Dashboard }) {
  const { t, f, n } = useWords();
  const rows: [string, Probe][] = [
    [t('dashboard.database'), d.health.database],
    [t('dashboard.redis'), d.health.redis],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="health-title">
      <CardContent>
        <Typography id="health-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('dashboard.health')}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, alignItems: 'center' }}
        >
          {rows.map(([name, probe]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {name}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
                <Chip
                  size="small"
                  label={t(`dashboard.${PROBE_TEXT[probe.status].text}`)}
                  color={PROBE_TEXT[probe.status].color}
                />
                {probe.latencyMs !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.ms', {
                      ms:
                        probe.latencyMs < 10
                          ? f.number(probe.latencyMs, {
                              minimumFractionDigits: 1,
                              maximumFractionDigits: 1,
                              useGrouping: false,
                            })
                          : n(Math.round(probe.latencyMs)),
                    })}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
        {d.health.redis.status === 'not-used' && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('dashboard.redisNote')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------

function DashboardSkeleton() {
  const { t } = useWords();
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{t('dashboard.loading')}</VisuallyHidden>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={112} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={300} />
        ))}
      </Box>
    </Box>
  );
}

export default function DashboardPage() {
  const palette = useSchemePalette();
  const { t, f, n } = useWords();
  const q = useDashboard();
  const d = q.data;
  return (
    <AdminPage
      title={t('dashboard.title')}
      intro={
        d
          ? t('dashboard.intro', { days: n(DASHBOARD_DAYS), timeZone: d.timeZone, time: f.time(d.generatedAt) })
          : undefined
      }
      actions={
        <Tooltip title={t('dashboard.refresh')}>
          <span>
            <IconButton
              aria-label={t('dashboard.refreshLabel')}
              onClick={() => void q.refetch()}
              disabled={q.isFetching}
            >
              <RefreshOutlined />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      {q.isError && <LoadError error={q.error} />}
      {!d ? (
        !q.isError && <DashboardSkeleton />
      ) : (
        <>
          <FigureCards d={d} />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <DaysChart
              id="posts-clips"
              title={t('dashboard.postsClips')}
              kind="line"
              days={d.days}
              lines={[
                { key: 'posts', label: t('dashboard.posts'), color: palette.primary.main },
                { key: 'clips', label: t('dashboard.clips'), color: palette.secondary.main },
              ]}
            />
            <DaysChart
              id="messages"
              title={t('dashboard.messagesPerDay')}
              kind="bar"
              days={d.days}
              lines={[{ key: 'messages', label: t('dashboard.messages'), color: palette.info.main }]}
            />
            <DaysChart
              id="new-members"
              title={t('dashboard.newMembersPerDay')}
              kind="bar"
              days={d.days}
              lines={[{ key: 'newMembers', label: t('dashboard.newMembers'), color: palette.success.main }]}
            />
            <ActiveChart d={d} />
            <JobsCard jobs={d.jobs} />
            <HealthCard d={d} />
          </Box>
        </>
      )}
    </AdminPage>
  );
}
