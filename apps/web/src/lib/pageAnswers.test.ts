import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes } from '@sajha/contract';
import { call } from './http';
import { PAGE_ANSWERS_ID } from './pageAnswers';

const POST_ID = '00000000-0000-4000-8000-000000000001';
const preview = {
  post_id: POST_ID,
  author: 'Asha Gurung',
  username: 'asha',
  image: null,
  timestamp: '2026-12-01T10:00:00.000Z',
  content: 'Momo night',
  media: [],
  mediaDetails: [],
  link: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('answers served with the page', () => {
  it('answers the same GET once from the page, checked by the route schema, then asks the server', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_ANSWERS_ID;
    script.textContent = JSON.stringify({
      [`/api/p/${POST_ID}`]: { success: true, logged: false, post: preview },
    });
    document.head.append(script);
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      const answer = JSON.stringify({ success: false, message: 'Post not found.', logged: false });
      return Promise.resolve(
        new Response(answer, {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });

    const first = await call(Routes.publicPost, { params: { postId: POST_ID } });
    expect(first).toMatchObject({ ok: true, data: { logged: false, post: { content: 'Momo night' } } });
    expect(asked).toEqual([]);
    expect(document.getElementById(PAGE_ANSWERS_ID)).toBeNull();

    // Taken once: a refetch (the post deleted since) asks the server and gets its word.
    const second = await call(Routes.publicPost, { params: { postId: POST_ID } });
    expect(second).toMatchObject({ ok: false, status: 404 });
    expect(asked).toEqual([`/api/p/${POST_ID}`]);
  });
});
