/** Reel uploads over XMLHttpRequest (the browser API that reports upload progress), their status, the mute. */
import { Routes, type Audience, type ReelStatusDto } from '@sajha/contract';
import { localize, messages } from '../../i18n/prefs';

export type UploadAnswer = { ok: true; id: string } | { ok: false; error: string };

export interface NewReel {
  file: File;
  title: string;
  description: string;
  category: string;
  /** Who sees it, and whether it is blurred until tapped (issue 38). */
  audience: Audience;
  sensitive: boolean;
}

export function uploadReel(input: NewReel, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('title', input.title);
  form.set('description', input.description);
  form.set('category', input.category);
  form.set('audience', input.audience);
  form.set('sensitive', input.sensitive ? 'true' : 'false');
  // The text fields go first: the server checks them before it reads the video.
  form.set('video', input.file, input.file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(Routes.reelUpload.method, Routes.reelUpload.path);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { message?: string; id?: string };
      if (xhr.status === 202 && body.id) resolve({ ok: true, id: body.id });
      else
        resolve({ ok: false, error: body.message ? localize(body.message) : messages().ReelMessages.transcodeFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: messages().ReelMessages.transcodeFailed });
    xhr.send(form);
  });
}

export async function fetchReelStatus(id: string): Promise<ReelStatusDto | null> {
  try {
    const res = await fetch(`/api/reels/${encodeURIComponent(id)}/status`, { credentials: 'include' });
    if (!res.ok) return null;
    return (await res.json()) as ReelStatusDto;
  } catch {
    return null;
  }
}

const MUTE_KEY = 'sajha:reels-muted';
/** One mute for every reel, remembered for the session (muted until the member unmutes: autoplay needs it). */
export function readMuted(): boolean {
  try {
    return sessionStorage.getItem(MUTE_KEY) !== 'false';
  } catch {
    return true;
  }
}
export function saveMuted(muted: boolean): void {
  try {
    sessionStorage.setItem(MUTE_KEY, String(muted));
  } catch {
    // private mode: the choice lasts for this page only
  }
}
