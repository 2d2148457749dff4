import { Emitter } from '@socket.io/component-emitter';
import { describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import { ask, askFor, NO_ANSWER } from './socketRequest';
import { fakeServer } from './testing';

const POST_ID = '00000000-0000-4000-8000-000000000001';

describe('socket requests', () => {
  it("ask resolves with the acknowledgement's data and rejects with the server's refusal", async () => {
    const server = fakeServer();
    const liked = ask(server.socket, Events.likePost, { post_id: POST_ID });
    const refused = ask(server.socket, Events.likePost, { post_id: POST_ID });
    const [first, second] = server.sentOf(Events.likePost);
    first!.ack({ ok: true, data: { liked: true, likes: 1 } });
    second!.ack({ ok: false, error: 'This post no longer exists.' });
    expect(await liked).toEqual({ liked: true, likes: 1 });
    await expect(refused).rejects.toThrow('This post no longer exists.');
  });

  it('askFor resolves with the matching answer event, and its refusal comes as the ack', async () => {
    const server = fakeServer();
    const comments = askFor(
      server.socket,
      { event: Events.comments, match: (p) => p.post_id === POST_ID },
      Events.fetchComments,
      POST_ID,
    );
    server.push(Events.comments, { post_id: '00000000-0000-4000-8000-000000000002', comments: [] });
    server.push(Events.comments, { post_id: POST_ID, comments: [] });
    expect(await comments).toEqual({ post_id: POST_ID, comments: [] });

    const refused = askFor(server.socket, { event: Events.comments }, Events.fetchComments, POST_ID);
    server.sentOf(Events.fetchComments)[1]!.ack({ ok: false, error: 'Post not found.' });
    await expect(refused).rejects.toThrow('Post not found.');
  });

  it('gives up when the socket drops (the answer may be lost with it)', async () => {
    const server = fakeServer();
    const page = askFor(server.socket, { event: Events.posts }, Events.fetchPosts, { offset: 0 });
    const like = ask(server.socket, Events.likePost, { post_id: POST_ID });
    Emitter.prototype.emit.call(server.socket, 'disconnect', 'transport close');
    await expect(page).rejects.toThrow(NO_ANSWER);
    await expect(like).rejects.toThrow(NO_ANSWER);
    // A late acknowledgement changes nothing.
    server.sentOf(Events.likePost)[0]!.ack({ ok: true, data: {} });
  });
});
