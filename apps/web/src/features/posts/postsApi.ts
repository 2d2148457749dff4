/** HTTP calls of the posts area: create (with upload progress), link preview, public preview. */
import { Messages, Routes, type LinkMeta, type PostDto, type SharedPostPreview } from '@sajha/contract';
import { call } from '../../lib/http';

export type CreateResult = { ok: true; post: PostDto | null; message: string } | { ok: false; error: string };

/**
 * POST /api/createPost as multipart through XMLHttpRequest, the one browser API that reports upload
 * progress. Errors follow the spec: the server's `error` as given, 'Failed to create post' for another
 * non-200 answer, 'Error creating post' when the network fails.
 */
export function createPost(
  input: { content: string; category: string; files: File[] },
  onProgress: (fraction: number) => void,
): Promise<CreateResult> {
  const form = new FormData();
  form.set('content', input.content);
  form.set('category', input.category);
  for (const f of input.files) form.append('mediaFiles', f, f.name);
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
      if (xhr.status === 200) resolve({ ok: true, post: body.post ?? null, message: body.message ?? '' });
      else resolve({ ok: false, error: body.error ?? Messages.post.createFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: Messages.post.createError });
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

export type PreviewAnswer = { status: 'found'; post: SharedPostPreview; logged: boolean } | { status: 'missing' };

export async function fetchPublicPost(postId: string): Promise<PreviewAnswer> {
  const res = await call(Routes.publicPost, { params: { postId } });
  return res.ok ? { status: 'found', post: res.data.post, logged: res.data.logged } : { status: 'missing' };
}

/** "Just now", "5m", "3h", "2d", then a date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}d`;
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
