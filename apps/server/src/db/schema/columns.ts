/** Column shapes every area's tables share. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A row's search lexemes (platform/search-index.ts builds them; GIN-indexed). Null until indexed: rows
 * written before search existed are filled by a background pass at start (features/search).
 */
export const searchTerms = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });
