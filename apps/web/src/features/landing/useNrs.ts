/**
 * Rupees in the reader's language and digits: 'NRS 12,34,567' in English, 'रु. १२,३४,५६७' in Nepali.
 * The grouping is Nepal's in both (groupNrs); only the words and the digits change. No Intl formatter is
 * built: the landing page's first render stays as quick as it was.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefs } from '../../i18n/language';
import { groupNrs, localDigits } from './siteLinks';

export function useNrs(): (amount: number) => string {
  const { t } = useTranslation('landing');
  const { digits } = usePrefs();
  return useCallback((amount: number) => t('nrs', { amount: localDigits(groupNrs(amount), digits) }), [t, digits]);
}
