/** Draws the chosen square of an image onto a canvas and returns it as a JPEG or PNG blob. */
import { Routes } from '@sajha/contract';
import { currentLocale } from '../../i18n/prefs';
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function cropToBlob(src: string, area: PixelArea, size = 512): Promise<Blob> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('crop failed'))), 'image/png'),
  );
}

/** POST /api/settings/avatar with upload progress (fetch cannot report it). */
/** Uploads a cropped picture: the member's avatar, or (with a group's `path`) a group's picture. */
export function uploadAvatar(
  blob: Blob,
  onProgress: (fraction: number) => void,
  path: string = Routes.avatarUpload.path,
): Promise<{ ok: boolean; url?: string; message?: string; info?: { picture?: string | null } }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    // As the HTTP client does: the server answers in the language chosen here.
    xhr.setRequestHeader('Accept-Language', currentLocale());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as {
        success?: boolean;
        url?: string;
        message?: string;
        info?: { picture?: string | null };
      };
      const url = body.url ?? body.info?.picture ?? undefined;
      resolve({ ok: xhr.status === 200 && body.success === true, url, message: body.message });
    };
    xhr.onerror = () => resolve({ ok: false });
    const form = new FormData();
    form.set('avatar', blob, 'avatar');
    xhr.send(form);
  });
}
