/** HTTP calls of the posts area: create (with upload progress), link preview, public preview; a post's age. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  Routes,
  type Audience,
  type LinkMeta,
  type PostDto,
  type ReplyPolicy,
  type SharedPostPreview,
} from '@sajha/contract';
import { call, servedAnswer, type CallResult } from '../../lib/http';
import { useFormat, type Format } from '../../i18n/format';
import { localize, messages } from '../../i18n/prefs';

export type CreateResult = { ok: true; post: PostDto | null; message: string } | { ok: false; error: string };

export interface NewPost {
  content: string;
  category: string;
  files: File[];
  /** Who sees it, who may reply, and whether its media are blurred until tapped (issue 38). */
  audience: Audience;
  replies: ReplyPolicy;
  sensitive: boolean;
}

/** The multipart form of a new post: its text fields, then its files. */
export function createPostForm(input: NewPost): FormData {
  const form = new FormData();
  form.set('content', input.content);
  form.set('category', input.category);
  form.set('audience', input.audience);
  form.set('replies', input.replies);
  // Only media are blurred: a post without any is never marked.
  form.set('sensitive', input.sensitive && input.files.length > 0 ? 'true' : 'false');
  for (const f of input.files) form.append('mediaFiles', f, f.name);
  return form;
}

/**
 * POST /api/createPost as multipart through XMLHttpRequest, the one browser API that reports upload
 * progress. Errors follow the spec: the server's `error` as given, 'Failed to create post' for another
 * non-200 answer, 'Error creating post' when the network fails (each in the member's language).
 */
export function createPost(input: NewPost, onProgress: (fraction: number) => void): Promise<CreateResult> {
  const form = createPostForm(input);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(Routes.createPost.method, Routes.createPost.path);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { error?: string; message?: string; post?: PostDto };
      if (xhr.status === 200) resolve({ ok: true, post: body.post ?? null, message: localize(body.message ?? '') });
      else resolve({ ok: false, error: body.error ? localize(body.error) : messages().Messages.post.createFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: messages().Messages.post.createError });
    xhr.send(form);
  });
}

export async function fetchLinkMeta(url: string): Promise<LinkMeta> {
  try {
    const res = await call(Routes.linkMeta, { body: { url } });
    if (res.ok) return { ...res.data, url };
  } catch {
    // fall through: the spec's empty preview
  }
  return { title: '', description: '', image: '', url };
}

/** `logged` on a missing post: the viewer is signed in (the post screen answers them, in the app). */
export type PreviewAnswer =
  { status: 'found'; post: SharedPostPreview; logged: boolean } | { status: 'missing'; logged: boolean };

const asPreview = (res: CallResult<typeof Routes.publicPost>): PreviewAnswer =>
  res.ok
    ? { status: 'found', post: res.data.post, logged: res.data.logged }
    : { status: 'missing', logged: res.data.logged === true };

/** The post a visitor's page came with (GET /api/p/{id}'s answer, put in by the server): for a first render. */
export function servedPublicPost(postId: string): PreviewAnswer | undefined {
  const res = servedAnswer(Routes.publicPost, { params: { postId } });
  return res?.ok ? asPreview(res) : undefined;
}

export async function fetchPublicPost(postId: string): Promise<PreviewAnswer> {
  return asPreview(await call(Routes.publicPost, { params: { postId } }));
}

/**
 * "Just now", "5m", "3h", "2d", then a date (in Nepali "भर्खरै", "५ मिनेट", "३ घण्टा", "२ दिन"): the texts
 * from the posts catalogue, the numbers and the date in the member's digits and calendar.
 */
export function timeAgo(iso: string, t: TFunction<'posts'>, f: Format, now = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return t('time.justNow');
  if (seconds < 3600) return t('time.minutes', { n: f.number(Math.floor(seconds / 60)) });
  if (seconds < 86_400) return t('time.hours', { n: f.number(Math.floor(seconds / 3600)) });
  if (seconds < 7 * 86_400) return t('time.days', { n: f.number(Math.floor(seconds / 86_400)) });
  return f.date(iso, 'medium');
}

/** timeAgo in the page's language. */
export function useTimeAgo(): (iso: string) => string {
  const { t } = useTranslation('posts');
  const f = useFormat();
  return useCallback((iso: string) => timeAgo(iso, t, f), [t, f]);
}
