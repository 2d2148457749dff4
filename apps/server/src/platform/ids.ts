/** Ids on the wire are opaque strings; ours are UUIDs (the contract's one rule), and anything else cannot name a row. */
export { isId as isUuid } from '@sajha/contract';
