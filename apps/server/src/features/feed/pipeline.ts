/**
 * A feed is four steps, as in Bluesky's appview (packages/bsky/src/pipeline.ts): a source names the
 * candidates (ids in order and a cursor), hydration loads what presenting them needs, the rules drop what
 * this viewer must not see (blocks, posts deleted since), and presentation maps the rest to the contract.
 * Sources plug in (the category feed today; follows and reels next) and share the other three steps.
 */

export interface Skeleton<Item> {
  items: Item[];
  /** Where the next page starts, or null when this page ended the source. */
  cursor: string | null;
  /** The source's whole size when it knows it cheaply (the category feed's `totalCount`). */
  total?: number;
}

export interface FeedPage<View> {
  views: View[];
  cursor: string | null;
  total?: number;
}

export type Pipeline<Params, View, Ctx> = (ctx: Ctx, params: Params) => Promise<FeedPage<View>>;

export function createPipeline<Params, Item, Hydration, View, Ctx>(steps: {
  candidates(ctx: Ctx, params: Params): Promise<Skeleton<Item>>;
  hydrate(ctx: Ctx, params: Params, items: Item[]): Promise<Hydration>;
  filter(ctx: Ctx, items: Item[], hydration: Hydration): Item[];
  present(ctx: Ctx, items: Item[], hydration: Hydration): View[];
}): Pipeline<Params, View, Ctx> {
  return async (ctx, params) => {
    const skeleton = await steps.candidates(ctx, params);
    const hydration = await steps.hydrate(ctx, params, skeleton.items);
    const kept = steps.filter(ctx, skeleton.items, hydration);
    // The cursor is the source's: an item dropped by the rules is still consumed, so it never comes back.
    return { views: steps.present(ctx, kept, hydration), cursor: skeleton.cursor, total: skeleton.total };
  };
}

/** A keyset position in a newest-first list: the creation time (as the database prints it) and the id. */
export interface Position {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

// Opaque to clients; base64url so a cursor survives any transport unescaped.
export const encodeCursor = (p: Position): string => Buffer.from(`${p.at}|${p.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined | null): Position | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // Checked here so a forged cursor is "start over", never a cast error in the query.
  if (!at || !id || !UUID.test(id) || !TIMESTAMP.test(at)) return undefined;
  return { at, id };
}
