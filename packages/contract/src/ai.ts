/**
 * The AI assistant (part 2 "AI chat"): POST /api/ai/chat {messages: [{role, content, id}]} answered with
 * `content`, or as server-sent events when the client asks for text/event-stream; GET /api/ai/chat gives
 * the member's kept conversation and the provider's name; DELETE /api/ai/chat starts a new chat.
 */
import { z } from 'zod';

export const AI_LIMITS = {
  /** Newest messages the server keeps of a history; older ones are dropped, never refused. */
  historyMessages: 40,
  /** Characters of history kept, newest first (older messages are dropped past this). */
  historyChars: 24_000,
  /** One message, as typed. Older messages beyond this are clipped; a new one is refused. */
  messageChars: 8000,
  /** Messages of one member's conversation kept for a reload. */
  keptMessages: 200,
  /** Requests per member per minute. */
  requestsPerMinute: 20,
} as const;

/** The 20 example questions about the product; the welcome panel shows 4 of them at random. */
export const AI_EXAMPLE_PROMPTS = [
  'What is Sajha?',
  'How do I register for an account?',
  'What are the prizes for the monthly contest?',
  'Can I enter both art and photography?',
  'How do I submit my work to the contest?',
  'Are there any fees to join or to enter the contest?',
  'What are the submission guidelines?',
  'How does Sajha help tourism in Nepal?',
  'Who can participate in the contest?',
  'How does Sajha support local artists?',
  'Can people outside Nepal use Sajha?',
  'How does Sajha encourage cultural exchange?',
  'Where can I read the terms and the privacy policy?',
  'How do I log in?',
  'What are the benefits of joining the community?',
  'How often is the contest held?',
  'Is digital art allowed in the contest?',
  'Can I submit work if I live outside Nepal?',
  'How are the contest entries judged?',
  'Who owns the photos and art I share?',
] as const;

export const AiText = {
  newChat: 'New chat',
  poweredBy: 'Powered by',
  inputLabel: 'Ask the AI assistant',
  inputPlaceholder: 'Type your message…',
  send: 'Send',
  copy: 'Copy code',
  copied: 'Copied',
  examples: 'Example questions',
  messageTooLong: `Your message is too long (at most ${AI_LIMITS.messageChars} characters).`,
  lastMustBeUser: 'The last message must be your question.',
} as const;

/** `system` is accepted on the wire and then ignored: a member cannot replace the instructions. */
export const aiWireRoleSchema = z.enum(['user', 'assistant', 'system']);
export const aiRoleSchema = z.enum(['user', 'assistant']);
export type AiRole = z.infer<typeof aiRoleSchema>;

export const aiChatMessageSchema = z.object({
  role: aiWireRoleSchema,
  content: z.string(),
  /** A timestamp string from the client (spec's entity); optional on the wire. */
  id: z.union([z.string().max(64), z.number()]).optional(),
});

export const aiChatBodySchema = z.object({
  messages: z.array(aiChatMessageSchema).min(1),
});
export type AiChatBody = z.infer<typeof aiChatBodySchema>;

/** One message of a kept conversation, as the page shows it. */
export const aiMessageDtoSchema = z.object({
  id: z.string(),
  role: aiRoleSchema,
  content: z.string(),
});
export type AiMessageDto = z.infer<typeof aiMessageDtoSchema>;

export const aiChatAnswerSchema = z.object({
  success: z.literal(true),
  content: z.string(),
  id: z.string(),
  provider: z.string(),
});
export type AiChatAnswer = z.infer<typeof aiChatAnswerSchema>;

export const aiConversationSchema = z.object({
  success: z.literal(true),
  provider: z.string(),
  messages: z.array(aiMessageDtoSchema),
});
export type AiConversation = z.infer<typeof aiConversationSchema>;

/** Server-sent events of a streamed answer: any number of `delta`, then one `done` or one `error`. */
export const aiStreamDeltaSchema = z.object({ text: z.string() });
export const aiStreamDoneSchema = z.object({ content: z.string(), id: z.string() });
export const aiStreamErrorSchema = z.object({ message: z.string() });
export const AI_STREAM_EVENTS = { delta: 'delta', done: 'done', error: 'error' } as const;
