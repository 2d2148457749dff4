import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { LandingSection } from './LandingSection';
import { CONTACT_EMAIL } from './siteLinks';
import { useNrs } from './useNrs';

/** Each question and its answer are `faq.items.<id>` in the landing catalogue. */
const FAQS = ['free', 'submissions', 'prizes', 'ownership', 'devices', 'data'] as const;

export function FaqSection() {
  const { t } = useTranslation('landing');
  const nrs = useNrs();
  const prizes = {
    first: nrs(CONTEST_PRIZES_NRS.first),
    second: nrs(CONTEST_PRIZES_NRS.second),
    third: nrs(CONTEST_PRIZES_NRS.third),
  };
  return (
    <LandingSection
      id="faq"
      eyebrow={t('faq.eyebrow')}
      title={t('faq.title')}
      intro={
        <Trans
          t={t}
          i18nKey="faq.intro"
          values={{ email: CONTACT_EMAIL }}
          components={{
            mail: <Link href={`mailto:${CONTACT_EMAIL}`} color="primary" />,
            help: <Link component={RouterLink} to="/help" color="primary" />,
          }}
        />
      }
    >
      <Box sx={{ maxWidth: 860 }}>
        {FAQS.map((id) => (
          <Accordion
            key={id}
            disableGutters
            elevation={0}
            sx={{
              border: 1,
              borderColor: 'divider',
              '&:not(:last-of-type)': { borderBottom: 0 },
              '&::before': { display: 'none' },
              '&:first-of-type': { borderTopLeftRadius: 16, borderTopRightRadius: 16 },
              '&:last-of-type': { borderBottomLeftRadius: 16, borderBottomRightRadius: 16 },
            }}
          >
            <AccordionSummary
              expandIcon={<ExpandMore />}
              id={`faq-${id}-question`}
              aria-controls={`faq-${id}-answer`}
              sx={{ px: { xs: 2, md: 3 }, py: 0.5 }}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: { xs: '1rem', md: '1.05rem' } }}>
                {t(`faq.items.${id}.question`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: { xs: 2, md: 3 }, pt: 0, pb: 2.5 }}>
              <Typography color="text.secondary">{t(`faq.items.${id}.answer`, prizes)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </LandingSection>
  );
}
