/**
 * Features page (part 2 "Features page", §3 Feature entry, §7 suggestFeature/suggestionResponse). The
 * spec's entry fields (date, feature, user, status) are kept; `id`, `description`, `username`, `votes`
 * and `voted` are ours, as are getFeatures, voteFeature and setFeatureStatus.
 */
import { z } from 'zod';
import { idSchema, isoDate } from './entities.js';

export const FEATURE_LIMITS = {
  pageSize: 10,
  titleMax: 120,
  descriptionMax: 2000,
} as const;

export const FEATURE_STATUSES = ['Pending', 'Implemented'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];
export const FEATURE_SORTS = ['newest', 'votes'] as const;

export const FeatureMessages = {
  submitted: 'Feature suggestion submitted successfully!',
  featureRequired: 'Please enter a feature.',
  descriptionRequired: 'Please enter a description.',
  featureTooLong: `A feature can be at most ${FEATURE_LIMITS.titleMax} characters.`,
  descriptionTooLong: `A description can be at most ${FEATURE_LIMITS.descriptionMax} characters.`,
  duplicate: 'You have already suggested this feature.',
  notFound: 'This suggestion no longer exists.',
  adminOnly: 'Only administrators can change the status of a suggestion.',
  statusChanged: 'Status updated.',
  empty: 'No suggestions yet. Be the first to suggest a feature!',
  notifyImplemented: (feature: string) => `Your suggestion "${feature}" has been implemented.`,
  notifyPending: (feature: string) => `Your suggestion "${feature}" is pending again.`,
} as const;

export const featureItemSchema = z.object({
  id: idSchema,
  date: isoDate,
  feature: z.string(),
  description: z.string(),
  /** The suggester's display name (the spec's `user`). */
  user: z.string(),
  username: z.string(),
  status: z.enum(FEATURE_STATUSES),
  votes: z.number().int(),
  voted: z.boolean(),
});
export type FeatureItem = z.infer<typeof featureItemSchema>;

const required = (empty: string, tooLong: string, max: number) =>
  z.string(empty).trim().min(1, empty).max(max, tooLong);

export const suggestFeaturePayloadSchema = z.object({
  feature: required(FeatureMessages.featureRequired, FeatureMessages.featureTooLong, FEATURE_LIMITS.titleMax),
  description: required(
    FeatureMessages.descriptionRequired,
    FeatureMessages.descriptionTooLong,
    FEATURE_LIMITS.descriptionMax,
  ),
});

export const featureClientEventSchemas = {
  getFeatures: z.tuple([
    z.object({
      offset: z.number().int().min(0).max(1_000_000).default(0),
      sort: z.enum(FEATURE_SORTS).default('newest'),
    }),
  ]),
  voteFeature: z.tuple([z.object({ id: idSchema })]),
  setFeatureStatus: z.tuple([z.object({ id: idSchema, status: z.enum(FEATURE_STATUSES) })]),
} as const;

export const featureServerEventSchemas = {
  features: z.object({
    features: z.array(featureItemSchema),
    hasMore: z.boolean(),
    offset: z.number().int(),
    sort: z.enum(FEATURE_SORTS),
    /** Whether this member may change statuses (ADMIN_EMAILS), so the page can show the control. */
    canModerate: z.boolean(),
  }),
  /** To everyone: one suggestion changed (new, votes, status). `voted` is for the member who voted only. */
  featureUpdated: featureItemSchema.omit({ voted: true }),
} as const;
