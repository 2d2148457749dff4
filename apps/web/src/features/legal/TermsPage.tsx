import { useTranslation } from 'react-i18next';
import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { LegalDocument, useNrs } from '../landing';
import { useLegalSections, type LegalSectionShape } from './legalSections';

/** The terms' sections; their words are `terms.sections.<key>` in the legal catalogue. */
const SECTIONS: readonly LegalSectionShape[] = [
  { id: 'accounts', key: 'accounts', blocks: ['text', 'responsible'] },
  { id: 'content', key: 'content', blocks: ['text', 'rights'] },
  {
    id: 'contest',
    key: 'contest',
    blocks: ['text', 'lead', { list: ['original', 'copyright', 'nepal'] }, 'breaking'],
  },
  {
    id: 'conduct',
    key: 'conduct',
    blocks: ['lead', { list: ['harass', 'hate', 'illegal', 'spam', 'privacy', 'abuse'] }, 'enforcement'],
  },
  { id: 'features', key: 'features', blocks: ['text', 'ai'] },
  { id: 'service', key: 'service', blocks: ['text'] },
  { id: 'ending', key: 'ending', blocks: ['text'] },
  { id: 'changes', key: 'changes', blocks: ['text'] },
  { id: 'contact', key: 'contact', blocks: ['text'] },
];

/** The youngest age Sajha is for, and the age from which no guardian's agreement is asked. */
const MINIMUM_AGE = 13;
const ADULT_AGE = 18;

export default function TermsPage() {
  const { t } = useTranslation('legal');
  const f = useFormat();
  const nrs = useNrs();
  const sections = useLegalSections('terms', SECTIONS, {
    age: f.number(MINIMUM_AGE),
    adultAge: f.number(ADULT_AGE),
    first: nrs(CONTEST_PRIZES_NRS.first),
    second: nrs(CONTEST_PRIZES_NRS.second),
    third: nrs(CONTEST_PRIZES_NRS.third),
  });
  return (
    <LegalDocument
      title={t('terms.title')}
      updated="2026-11-26"
      intro={<p>{t('terms.intro')}</p>}
      sections={sections}
      sibling={{ to: '/privacy', label: t('privacy.title') }}
    />
  );
}
