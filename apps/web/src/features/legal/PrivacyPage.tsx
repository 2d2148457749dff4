import { useTranslation } from 'react-i18next';
import { DURATIONS_MS } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { LegalDocument } from '../landing';
import { useLegalSections, type LegalSectionShape } from './legalSections';

/** The policy's sections; their words are `privacy.sections.<key>` in the legal catalogue. */
const SECTIONS: readonly LegalSectionShape[] = [
  {
    id: 'what-we-keep',
    key: 'whatWeKeep',
    blocks: ['lead', { list: ['account', 'posts', 'messages', 'ai', 'notifications', 'security'] }],
  },
  { id: 'how-we-use-it', key: 'howWeUseIt', blocks: ['text'] },
  { id: 'cookies', key: 'cookies', blocks: ['text', 'noTracking'] },
  { id: 'sharing', key: 'sharing', blocks: ['neverSell', 'text'] },
  { id: 'visibility', key: 'visibility', blocks: ['text'] },
  { id: 'deletion', key: 'deletion', blocks: ['text', 'onRequest'] },
  { id: 'security', key: 'security', blocks: ['text'] },
  { id: 'children', key: 'children', blocks: ['text'] },
  { id: 'changes', key: 'changes', blocks: ['text'] },
  { id: 'contact', key: 'contact', blocks: ['text'] },
];

/** How long "Remember me" keeps a member signed in (30 days), and the youngest age Sajha is for. */
const REMEMBER_ME_DAYS = Math.round(DURATIONS_MS.rememberMe / 86_400_000);
const MINIMUM_AGE = 13;

export default function PrivacyPage() {
  const { t } = useTranslation('legal');
  const f = useFormat();
  const sections = useLegalSections('privacy', SECTIONS, {
    days: f.number(REMEMBER_ME_DAYS),
    age: f.number(MINIMUM_AGE),
  });
  return (
    <LegalDocument
      title={t('privacy.title')}
      updated="2026-11-26"
      intro={<p>{t('privacy.intro')}</p>}
      sections={sections}
      sibling={{ to: '/terms', label: t('terms.title') }}
    />
  );
}
