/** Links shared by the visitor-facing pages (landing, terms, privacy). */

export const CONTACT_EMAIL = 'hello@sajha.example';

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'X', href: 'https://x.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['label'];

/** The public config falls back to '#' when the server has no URL; such links are not worth showing. */
export const isRealUrl = (url: string | null | undefined): url is string => !!url && url !== '#';

/** 'NRS 5,000' — grouping as Nepal writes it. */
export const formatNrs = (amount: number) => `NRS ${amount.toLocaleString('en-IN')}`;

/** Hides text visually while keeping it for screen readers (e.g. "opens in a new tab"). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
