/**
 * The one drizzle schema for PGlite and PostgreSQL, one module per area under schema/; this barrel keeps
 * every `from '../db/schema.js'` import and drizzle-kit's single entry working.
 * `npm run db:generate -w @sajha/server` writes migrations.
 */
export * from './schema/auth.js';
export * from './schema/platform.js';
export * from './schema/notifications.js';
export * from './schema/posts.js';
export * from './schema/engagement.js';
export * from './schema/chat.js';
export * from './schema/people.js';
export * from './schema/ai.js';
export * from './schema/settings.js';
export * from './schema/calls.js';
export * from './schema/reels.js';
export * from './schema/features.js';
export * from './schema/moderation.js';
export * from './schema/signup.js';
export * from './schema/search.js';
export * from './schema/saved.js';
