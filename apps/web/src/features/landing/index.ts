/** What other areas use of the landing page: the legal pages' frame and the rupee format. */
export { ContactLink, LegalDocument, type LegalSection } from './LegalDocument';
export { formatNrs } from './siteLinks';
export { useNrs } from './useNrs';
export { PublicHeader } from './PublicHeader';
