import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { LandingSection } from './LandingSection';
import { CONTACT_EMAIL, formatNrs } from './siteLinks';

const FAQS: { id: string; question: string; answer: string }[] = [
  {
    id: 'free',
    question: 'Is Sajha free to join?',
    answer:
      'Yes. Joining is free, and so are posting, messaging, calls and entering the monthly contest. All you need is an email address.',
  },
  {
    id: 'submissions',
    question: 'What can I submit to the monthly contest?',
    answer:
      "Submissions must be your own original work and non-copyrighted: nothing copied, and nothing that belongs to someone else. Every entry must show Nepal's culture, art or landscapes, whether that is a photograph, a painting, a sketch or a piece of craft.",
  },
  {
    id: 'prizes',
    question: 'What are the prizes?',
    answer: `Each month the first prize is ${formatNrs(CONTEST_PRIZES_NRS.first)}, the second ${formatNrs(CONTEST_PRIZES_NRS.second)} and the third ${formatNrs(CONTEST_PRIZES_NRS.third)}. The contest itself runs on its own site, linked from Sajha.`,
  },
  {
    id: 'ownership',
    question: 'Who owns the photos and art I share?',
    answer:
      'You do. Posting on Sajha gives us permission to show your work on the platform, nothing more. You can delete your posts at any time.',
  },
  {
    id: 'devices',
    question: 'Can I use Sajha on my phone?',
    answer:
      'Yes. Sajha runs in any modern browser on phones, tablets and computers, and where your browser supports it you can install it like an app, with its own icon and notifications.',
  },
  {
    id: 'data',
    question: 'Do you sell my data?',
    answer:
      'No, never. We keep only what we need to run your account, and we delete your account and data when you ask us to.',
  },
];

export function FaqSection() {
  return (
    <LandingSection
      id="faq"
      eyebrow="FAQ"
      title="Questions, answered"
      intro={
        <>
          Something else on your mind? Write to us at{' '}
          <Link href={`mailto:${CONTACT_EMAIL}`} color="primary">
            {CONTACT_EMAIL}
          </Link>
          .
        </>
      }
    >
      <Box sx={{ maxWidth: 860 }}>
        {FAQS.map((faq) => (
          <Accordion
            key={faq.id}
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
              id={`faq-${faq.id}-question`}
              aria-controls={`faq-${faq.id}-answer`}
              sx={{ px: { xs: 2, md: 3 }, py: 0.5 }}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: { xs: '1rem', md: '1.05rem' } }}>
                {faq.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: { xs: 2, md: 3 }, pt: 0, pb: 2.5 }}>
              <Typography color="text.secondary">{faq.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </LandingSection>
  );
}
