/**
 * Calls (part 2 "Call screen", "Call" transitions, §7 call events): what the spec leaves to us —
 * the ICE servers answer, the server's end titles and the call-history lines in the pair's chat.
 * The event payloads themselves live in socket.ts with the other events.
 */
import { z } from 'zod';

export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
/** GET /api/calls/ice-servers: STUN and TURN (coturn REST credentials, valid `ttl` seconds). */
export const iceServersResponseSchema = z.object({
  iceServers: z.array(iceServerSchema),
  ttl: z.number().int(),
  /** `relay` sends every call through TURN (hides members' addresses from each other). */
  iceTransportPolicy: z.enum(['all', 'relay']),
});
export type IceServersResponse = z.infer<typeof iceServersResponseSchema>;

export const callPeerSchema = z.object({ uid: z.string(), name: z.string(), avatar: z.string().nullable() });
export type CallPeer = z.infer<typeof callPeerSchema>;
/** create-room's acknowledgement data: the room, and who is being called (for the "Calling..." panel). */
export const createRoomAckSchema = z.object({ roomId: z.string(), peer: callPeerSchema });
export type CreateRoomAck = z.infer<typeof createRoomAckSchema>;
/** join-room's acknowledgement data: `active` also on a rejoin after a reconnect. */
export const joinRoomAckSchema = z.object({
  roomId: z.string(),
  state: z.enum(['ringing', 'active', 'ended']),
  role: z.enum(['caller', 'callee']),
  peer: callPeerSchema,
});
export type JoinRoomAck = z.infer<typeof joinRoomAckSchema>;

/** Bounds of an ICE candidate's fields (an SDP has a handful of media lines, each named by a short id). */
export const CALL_LIMITS = {
  sdpMidMax: 64,
  sdpMLineIndexMax: 1023,
  /** One ICE candidate line. */
  candidateMax: 2000,
  /** One session description (offer or answer). */
  sdpMax: 100_000,
} as const;

export const CallTexts = {
  declined: 'Call declined',
  noAnswer: 'No answer',
  busy: 'Busy',
  blocked: 'You cannot call this member.',
  notFound: 'This call does not exist.',
  notMember: 'You are not part of this call.',
  ended: 'This call has ended.',
  dropped: 'Connection lost',
  selfCall: 'You cannot call yourself.',
  tooManyCalls: 'You are calling too often. Wait a minute, then try again.',
  sdpMidTooLong: `An ICE candidate's media id may be at most ${CALL_LIMITS.sdpMidMax} characters long.`,
  sdpMLineIndexInvalid: `An ICE candidate's media line index must be a whole number from 0 to ${CALL_LIMITS.sdpMLineIndexMax}.`,
  candidateTooLong: `An ICE candidate may be at most ${CALL_LIMITS.candidateMax} characters long.`,
  sdpTooLong: `A session description may be at most ${CALL_LIMITS.sdpMax} characters long.`,
  reconnecting: 'Reconnecting...',
  thanks: 'Thank you for using Sajha calls.',
  incomingFrom: (name: string) => `Incoming call from ${name}`,
  missedFrom: (name: string) => `Missed call from ${name}`,
  // Call history lines in the pair's chat.
  historyMissed: 'Missed video call',
  /** Missed calls from one caller in a row, folded into one line (as WhatsApp and phones do). */
  historyMissedMany: (count: number) => `${count} missed video calls`,
  historyDeclined: 'Declined video call',
  historyDone: (seconds: number) => `Video call, ${formatCallDuration(seconds)}`,
} as const;

/** 192 -> "3 min 12 s"; 40 -> "40 s"; 3600 -> "1 h 0 min". */
export function formatCallDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${sec} s`;
  return `${sec} s`;
}
