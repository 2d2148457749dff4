/** Shared layout of the Terms and Privacy pages: a slim bar, title, date, contents and numbered sections. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useEffect, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat, type Format } from '../../i18n/format';
import { PublicHeader } from './PublicHeader';
import { CONTACT_EMAIL } from './siteLinks';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** ISO date, e.g. '2026-11-22'. */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The other legal page, linked at the foot. */
  sibling: { to: string; label: string };
}

/**
 * The day a text changed, in the reader's calendar and digits: '22 November 2026' (English is written
 * the British way, as it always was), '२२ नोभेम्बर २०२६', or in Bikram Sambat '०७ मंसिर २०८३'.
 */
function formatUpdated(iso: string, f: Format): string {
  // Midday of that day where the reader is, so no time zone moves it to a neighbouring day.
  if (f.prefs.calendar === 'bs' || f.prefs.locale !== 'en') return f.date(new Date(`${iso}T12:00:00`), 'medium');
  return new Intl.DateTimeFormat(`en-GB-u-nu-${f.prefs.digits}`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

export function LegalDocument({ title, updated, intro, sections, sibling }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const f = useFormat();
  useEffect(() => {
    document.title = t('pageTitle', { title });
  }, [t, title]);

  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <PublicHeader
        action={
          <Button component={RouterLink} to="/" startIcon={<ArrowBack />} color="inherit">
            {t('backHome')}
          </Button>
        }
      />

      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          <Trans
            t={t}
            i18nKey="lastUpdated"
            values={{ date: formatUpdated(updated, f) }}
            components={{ time: <time dateTime={updated} /> }}
          />
        </Typography>
        {i18n.resolvedLanguage !== 'en' && (
          <Typography color="text.secondary" sx={{ mb: 3, fontSize: '0.95rem', fontStyle: 'italic' }}>
            {t('translationNotice')}
          </Typography>
        )}
        <Typography component="div" sx={{ fontSize: '1.05rem', mb: 4, '& p': { mb: 1.5 } }}>
          {intro}
        </Typography>

        <Paper
          component="nav"
          aria-label={t('contents')}
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 }, mb: 5, borderRadius: 3 }}
        >
          <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('contents')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 }, columnGap: 4 }}>
            {sections.map((section) => (
              <Box component="li" key={section.id} sx={{ mb: 0.5, breakInside: 'avoid' }}>
                <Link href={`#${section.id}`} underline="hover">
                  {section.heading}
                </Link>
              </Box>
            ))}
          </Box>
        </Paper>

        {sections.map((section, index) => (
          <Box
            component="section"
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            sx={{ mb: 4, scrollMarginTop: 16 }}
          >
            <Typography id={`${section.id}-heading`} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
              {t('sectionHeading', { number: f.number(index + 1), heading: section.heading })}
            </Typography>
            <Typography
              component="div"
              color="text.secondary"
              sx={{
                '& p': { mb: 1.5 },
                '& ul': { pl: 3, mb: 1.5 },
                '& li': { mb: 0.75 },
                '& strong': { color: 'text.primary' },
              }}
            >
              {section.body}
            </Typography>
          </Box>
        ))}

        <Box
          sx={{
            mt: 6,
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
          }}
        >
          <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBack />}>
            {t('backHome')}
          </Button>
          <Link component={RouterLink} to={sibling.to} underline="hover">
            {sibling.label}
          </Link>
          <Link href={`mailto:${CONTACT_EMAIL}`} underline="hover">
            {CONTACT_EMAIL}
          </Link>
        </Box>
      </Container>
    </Box>
  );
}

/** The contact address as a mail link, for use inside section bodies. */
export function ContactLink() {
  return (
    <Link href={`mailto:${CONTACT_EMAIL}`} underline="always">
      {CONTACT_EMAIL}
    </Link>
  );
}
