/**
 * Attachments in the chat input (part 2 §5, §8, §9): at most 10 files, allowed types only, 2 MB each.
 * An image over the limit is compressed first; when compression fails or does not shrink it, the
 * original is kept silently (and then refused as too large). Uploads go over HTTP with progress.
 */
import {
  Routes,
  attachmentSizeMb,
  CHAT_ATTACHMENT_TYPES,
  LIMITS,
  type ChatUploadAnswer,
  type MessageDto,
} from '@sajha/contract';
import { i18n } from '../../i18n';
import { format, withDigits } from '../../i18n/format';
import { localize, messages } from '../../i18n/prefs';

export type Attachment = MessageDto['attachments'][number];

export const ACCEPT = CHAT_ATTACHMENT_TYPES.join(',');

export function typeAllowed(type: string): boolean {
  return CHAT_ATTACHMENT_TYPES.some((p) => (p.endsWith('/*') ? type.startsWith(p.slice(0, -1)) : type === p));
}

/** The generic compressor's defaults: 1920 px, quality 0.8 (0.6 above 10 MB), 10 iterations. */
async function compressImage(file: File): Promise<File> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const out = await imageCompression(file, {
      maxSizeMB: LIMITS.chatAttachmentBytesMax / (1024 * 1024),
      maxWidthOrHeight: 1920,
      initialQuality: file.size > 10 * 1024 * 1024 ? 0.6 : 0.8,
      maxIteration: 10,
      useWebWorker: false,
    });
    if (out.size >= file.size) return file;
    return new File([out], file.name, { type: out.type || file.type, lastModified: Date.now() });
  } catch {
    return file;
  }
}

export interface Processed {
  files: File[];
  errors: string[];
}

/** Checks (and compresses) newly picked files against what is already in the input. */
export async function processFiles(picked: File[], alreadyChosen: number): Promise<Processed> {
  const { Messages } = messages();
  if (picked.length === 0) return { files: [], errors: [Messages.chat.noFiles] };
  if (picked.length + alreadyChosen > LIMITS.chatAttachmentsMax) {
    return { files: [], errors: [Messages.chat.tooManyFiles] };
  }
  try {
    const files: File[] = [];
    const errors: string[] = [];
    for (const original of picked) {
      if (!typeAllowed(original.type)) {
        errors.push(Messages.chat.fileTypeNotAllowed(original.type || i18n.t('composer.unknownType', { ns: 'chat' })));
        continue;
      }
      let file = original;
      if (file.size > LIMITS.chatAttachmentBytesMax && file.type.startsWith('image/')) file = await compressImage(file);
      if (file.size > LIMITS.chatAttachmentBytesMax) {
        errors.push(Messages.chat.fileTooLarge(withDigits(attachmentSizeMb(file.size), format().prefs.digits)));
        continue;
      }
      files.push(file);
    }
    if (files.length === 0 && errors.length === 0) errors.push(Messages.chat.noValidFiles);
    return { files, errors };
  } catch {
    return { files: [], errors: [Messages.chat.processingError] };
  }
}

/** POST /api/chat/attachments with upload progress (0..1). Rejects with the server's message (in the member's language). */
export function uploadAttachments(files: File[], onProgress: (fraction: number) => void): Promise<Attachment[]> {
  const { Messages } = messages();
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open(Routes.chatUpload.method, Routes.chatUpload.path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error(Messages.chat.processingError));
    xhr.onload = () => {
      let body: ChatUploadAnswer | undefined;
      try {
        body = JSON.parse(xhr.responseText) as ChatUploadAnswer;
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 && body?.success && body.files) resolve(body.files);
      else reject(new Error(body?.message ? localize(body.message) : Messages.chat.processingError));
    };
    xhr.send(form);
  });
}

export const isImage = (a: Attachment) => a.type.startsWith('image/');
export const isVoice = (a: Attachment) => a.type.startsWith('audio/') || a.name.startsWith('voice-');
export const isVideo = (a: Attachment) => a.type.startsWith('video/') && !isVoice(a);
