/**
 * The help centre (issue 34): public articles, in English and Nepali, that the assistant answers from.
 * GET /api/help lists every article by category; GET /api/help/articles/:slug gives one in both languages;
 * GET /api/help/search?q= ranks articles for a question (English, romanized Nepali or Devanagari) and says
 * which language the question was in. Visitors may read all three without signing in.
 */
import { z } from 'zod';

/** The categories, in the order /help shows them (their names are in the web app's catalogues). */
export const HELP_CATEGORIES = [
  'start',
  'profile',
  'people',
  'posts',
  'clips',
  'chat',
  'calls',
  'notifications',
  'security',
  'safety',
  'privacy',
  'settings',
  'community',
  'problems',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_LIMITS = {
  /** A search question, as typed. */
  queryMax: 200,
  /** Results a search answers with. */
  results: 8,
} as const;

export const HelpText = {
  notFound: 'This help article does not exist.',
  queryRequired: 'Type a question or a few words to search the help centre.',
  queryTooLong: `A search can be at most ${HELP_LIMITS.queryMax} characters.`,
  /** The assistant, when it found an article: the line under the quoted text. */
  readMore: 'Read more:',
  seeAlso: 'See also:',
  /** The assistant, when nothing in the help centre answers a question about Sajha. */
  unknown:
    "I'm sorry, I couldn't find that in Sajha's help centre, and I don't want to guess. You can browse every topic at /help, or ask me in other words.",
  /** The assistant, for a question that is not about Sajha. */
  offTopic:
    "I'm sorry, I can only help with questions about Sajha: your account, posts, clips, friends, messages, calls, notifications, settings, safety and privacy. Browse every topic at /help.",
  greeting:
    'Namaste! I\'m Sajha\'s assistant. Ask me how to do something on Sajha (for example, "How do I change my username?"), in English or in Nepali. Every topic is also at /help.',
  thanks: "You're welcome! Ask me anything else about Sajha.",
} as const;

const localized = z.object({ en: z.string(), ne: z.string() });

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  title: localized,
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({
  /** Markdown: paragraphs, `- ` lists, **bold** and [links](/path). */
  body: localized,
  related: z.array(helpArticleSummarySchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpIndexAnswerSchema = z.object({
  success: z.literal(true),
  articles: z.array(helpArticleSummarySchema),
});
export type HelpIndexAnswer = z.infer<typeof helpIndexAnswerSchema>;

export const helpArticleAnswerSchema = z.object({ success: z.literal(true), article: helpArticleSchema });
export type HelpArticleAnswer = z.infer<typeof helpArticleAnswerSchema>;

export const helpSearchQuerySchema = z.object({
  q: z
    .string({ error: HelpText.queryRequired })
    .trim()
    .min(1, HelpText.queryRequired)
    .max(HELP_LIMITS.queryMax, HelpText.queryTooLong),
});

export const helpSearchAnswerSchema = z.object({
  success: z.literal(true),
  /** The language the question was written in (romanized Nepali counts as Nepali). */
  language: z.enum(['en', 'ne']),
  results: z.array(helpArticleSummarySchema.extend({ snippet: z.string() })),
});
export type HelpSearchAnswer = z.infer<typeof helpSearchAnswerSchema>;
