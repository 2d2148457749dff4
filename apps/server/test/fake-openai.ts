/**
 * A small OpenAI-compatible server for tests: POST /v1/chat/completions speaking the real protocol,
 * JSON (`chat.completion`) or streamed (`chat.completion.chunk` server-sent events ending in [DONE]).
 * Tests choose each answer through `behave`, and read every request it received.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

export type FakeReply =
  | {
      kind: 'text';
      text: string;
      chunks?: string[];
      /** Nothing is sent until this settles (the model "thinking"). */
      before?: Promise<void>;
      /** Streaming waits here after the first chunk. */
      gate?: Promise<void>;
    }
  | { kind: 'error'; status: number; body: unknown }
  | { kind: 'hang' };

export interface FakeOpenAi {
  /** Base URL to give as OPENAI_BASE_URL (ends in /v1). */
  url: string;
  requests: { body: ChatRequest; authorization: string | undefined }[];
  behave: (req: ChatRequest) => FakeReply;
  close(): Promise<void>;
}

const lastUser = (req: ChatRequest) => req.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

async function readJson(req: IncomingMessage): Promise<ChatRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    behave: (req) => ({ kind: 'text', text: `You asked: ${lastUser(req)}` }),
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = await readJson(req);
      fake.requests.push({ body, authorization: req.headers.authorization });
      const reply = fake.behave(body);
      const created = Math.floor(Date.now() / 1000);
      if (reply.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply.kind === 'error') {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        return;
      }
      if (reply.before) await reply.before;
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, string>, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      const pieces = reply.chunks ?? reply.text.split(/(?<=\s)/);
      for (const [i, piece] of pieces.entries()) {
        res.write(chunk({ content: piece }));
        if (i === 0 && reply.gate) await reply.gate;
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
