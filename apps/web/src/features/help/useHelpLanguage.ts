/** Which of an article's two texts to show: Nepali when the page is in Nepali, else English. */
import { useTranslation } from 'react-i18next';

export function useHelpLanguage(): 'en' | 'ne' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
}
