/**
 * Edit history (issue 37), the same for messages and posts: the current text and every earlier one, newest
 * first, each with when it was written. An edit stores the text it replaces with the time that text was
 * written (the send or the edit before), so the list needs one read of the earlier versions.
 */
import type { EditHistory } from '@sajha/contract';

export interface Version {
  content: string;
  at: Date;
}

export function historyOf(current: Version, earlier: Version[]): EditHistory {
  const at = (d: Date) => d.toISOString();
  return {
    versions: [
      { content: current.content, at: at(current.at) },
      ...[...earlier]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((v) => ({ content: v.content, at: at(v.at) })),
    ],
  };
}
