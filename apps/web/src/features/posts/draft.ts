/**
 * The unfinished post (issue 37): what the member typed and chose in Create Post is kept on this device,
 * per member, as they type, so closing the dialog or reloading the page loses nothing; posting it or
 * "Discard draft" forgets it. Photos and videos are not kept (a browser cannot keep a picked file across a
 * reload); the text, category, audience, reply setting and the sensitive mark are.
 */
import { AUDIENCES, POST_CATEGORIES, REPLY_POLICIES, type Audience, type ReplyPolicy } from '@sajha/contract';

export interface PostDraft {
  content: string;
  category: string;
  audience: Audience;
  replies: ReplyPolicy;
  sensitive: boolean;
}

const key = (uid: string) => `sajha.postDraft.${uid}`;

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

/** The member's kept draft, if any (anything unreadable or out of date is ignored). */
export function readDraft(uid: string): PostDraft | null {
  try {
    const d = JSON.parse(localStorage.getItem(key(uid)) ?? 'null') as Partial<PostDraft> | null;
    if (!d || typeof d.content !== 'string' || d.content.trim() === '') return null;
    return {
      content: d.content,
      category: oneOf(POST_CATEGORIES, d.category) ? d.category : '',
      audience: oneOf(AUDIENCES, d.audience) ? d.audience : 'public',
      replies: oneOf(REPLY_POLICIES, d.replies) ? d.replies : 'everyone',
      sensitive: d.sensitive === true,
    };
  } catch {
    return null;
  }
}

/** Keeps the draft; a blank text keeps nothing. */
export function writeDraft(uid: string, draft: PostDraft): void {
  try {
    if (draft.content.trim() === '') localStorage.removeItem(key(uid));
    else localStorage.setItem(key(uid), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft lives as long as the dialog.
  }
}

export function clearDraft(uid: string): void {
  try {
    localStorage.removeItem(key(uid));
  } catch {
    // As above.
  }
}
