/**
 * Texts the server composes itself (notifications, mails, pushes) that no area's catalogue held: one
 * place, so each has its Nepali beside it in `ne.ts`.
 */
export const ServerTexts = {
  appName: 'Sajha',
} as const;
