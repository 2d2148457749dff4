import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { LandingSection } from './LandingSection';
import { isRealUrl } from './siteLinks';
import { useNrs } from './useNrs';

/** Each prize's name is `contest.prizes.<place>` in the landing catalogue. */
const PRIZES = [
  { place: 'first', amount: CONTEST_PRIZES_NRS.first, medal: '#d4a017', podiumOrder: 2 },
  { place: 'second', amount: CONTEST_PRIZES_NRS.second, medal: '#9aa5b1', podiumOrder: 1 },
  { place: 'third', amount: CONTEST_PRIZES_NRS.third, medal: '#c07a3f', podiumOrder: 3 },
] as const;

/** `contest.rules.<id>` in the landing catalogue. */
const RULES = ['original', 'copyright', 'nepal'] as const;

export function ContestSection({ contestUrl }: { contestUrl?: string }) {
  const { t } = useTranslation('landing');
  const nrs = useNrs();
  return (
    <LandingSection
      id="contest"
      eyebrow={t('contest.eyebrow')}
      title={t('contest.title')}
      intro={t('contest.intro')}
      tinted
      centered
    >
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'end',
          gap: { xs: 2, md: 3 },
          maxWidth: 960,
          mx: 'auto',
        }}
      >
        {PRIZES.map((prize, index) => {
          const first = index === 0;
          return (
            <Paper
              key={prize.place}
              component="li"
              variant="outlined"
              sx={(theme) => ({
                order: { md: prize.podiumOrder },
                gridColumn: { xs: first ? '1 / -1' : 'auto', md: 'auto' },
                textAlign: 'center',
                borderRadius: 4,
                px: { xs: 1.5, md: 3 },
                py: { xs: 3, md: first ? 5 : 3.5 },
                bgcolor: 'background.default',
                ...(first && {
                  borderColor: prize.medal,
                  borderWidth: 2,
                  boxShadow: `0 12px 32px ${theme.alpha(prize.medal, 0.25)}`,
                }),
              })}
            >
              <EmojiEventsOutlined aria-hidden sx={{ fontSize: first ? 52 : 40, color: prize.medal }} />
              <Typography component="h3" sx={{ fontWeight: 700, mt: 1 }}>
                {t(`contest.prizes.${prize.place}`)}
              </Typography>
              <Typography
                sx={{
                  fontWeight: 900,
                  fontSize: first ? { xs: '2.2rem', md: '2.6rem' } : { xs: '1.45rem', md: '1.9rem' },
                  lineHeight: 1.2,
                }}
              >
                {nrs(prize.amount)}
              </Typography>
            </Paper>
          );
        })}
      </Box>

      <Box
        component="ul"
        aria-label={t('contest.rulesLabel')}
        sx={{
          listStyle: 'none',
          p: 0,
          mx: 'auto',
          mt: { xs: 4, md: 5 },
          mb: 4,
          width: 'fit-content',
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: { xs: 1.5, md: 3 },
        }}
      >
        {RULES.map((rule) => (
          <Box
            component="li"
            key={rule}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}
          >
            <CheckCircleOutlined aria-hidden fontSize="small" color="success" />
            {t(`contest.rules.${rule}`)}
          </Box>
        ))}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5 }}>
        <Button component={RouterLink} to="/signup" variant="contained" size="large">
          {t('contest.join')}
        </Button>
        {isRealUrl(contestUrl) && (
          <Button
            href={contestUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            size="large"
            endIcon={<OpenInNew aria-hidden />}
          >
            {t('contest.site')}
          </Button>
        )}
      </Box>
    </LandingSection>
  );
}
