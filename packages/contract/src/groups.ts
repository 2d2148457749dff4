/**
 * Groups after creation (issue 16; the spec names only the "Edit Group" menu item): any member may
 * leave; the creator adds and removes members and renames. Each change is announced in the chat as a
 * notice message (`notice: true`), `group_info` brings every member's open dialog up to date, and a
 * member who left or was removed gets `chat_removed` so the chat leaves their list.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { idSchema } from './entities.js';
import { Events } from './events.js';
import { Messages } from './messages.js';

export const groupNameSchema = z.string().trim().min(1, Messages.chat.groupNeedsName).max(LIMITS.groupNameMax);

export const groupInfoSchema = z.object({
  chatId: idSchema,
  name: z.string(),
  creatorId: idSchema.nullable(),
  /** The group's picture (set by its creator; served to members only), 512 px; its 128 px twin ends -128. */
  picture: z.string().nullable().optional(),
  members: z.array(z.object({ uid: idSchema, name: z.string(), username: z.string(), avatar: z.string().nullable() })),
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;
/** POST /api/chat/:chatId/picture: the group as it now is. */
export const groupPictureAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  info: groupInfoSchema.optional(),
});

const one = <T extends z.ZodType>(s: T) => z.tuple([s]);

export const groupClientEventSchemas = {
  [Events.getGroup]: one(idSchema),
  [Events.leaveGroup]: one(idSchema),
  [Events.addGroupMembers]: one(z.object({ chatId: idSchema, userIds: z.array(idSchema).min(1).max(100) })),
  [Events.removeGroupMember]: one(z.object({ chatId: idSchema, uid: idSchema })),
  [Events.renameGroup]: one(z.object({ chatId: idSchema, name: groupNameSchema })),
} as const;

export const groupServerEventSchemas = {
  [Events.groupInfo]: groupInfoSchema,
  [Events.chatRemoved]: z.object({ chatId: idSchema }),
} as const;

/** Most members a group may hold: the creator and the 100 others creation allows. */
export const GROUP_MAX_MEMBERS = 101;
