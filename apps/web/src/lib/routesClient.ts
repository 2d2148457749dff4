/**
 * The typed HTTP client with the route table, as one module to load on demand: the table brings every
 * zod schema, which the landing page's first script should not carry (issue 17).
 */
export { Routes } from '@sajha/contract';
export { call } from './http';
