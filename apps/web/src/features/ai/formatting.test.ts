import { describe, expect, it } from 'vitest';
import { parseBlocks } from './formatting';

describe('the assistant and help formatter', () => {
  it('reads "- " and "1. " lines as lists, and a link to a help article as an internal link', () => {
    const blocks = parseBlocks(
      'Steps:\n1. Open [Settings → Account](/settings/account).\n2. Press **Save**.\n\n- one\n- two\nAfter.',
    );
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list', 'list', 'paragraph']);
    const ordered = blocks[1]!;
    expect(ordered).toMatchObject({ type: 'list', ordered: true });
    if (ordered.type !== 'list') throw new Error('not a list');
    expect(ordered.items[0]).toContainEqual({
      type: 'link',
      text: 'Settings → Account',
      href: '/settings/account',
      internal: true,
    });
    expect(blocks[2]).toMatchObject({ type: 'list', ordered: false });
  });
});
