/** Real media for tests: pictures made by sharp, clips made by ffmpeg (never fixtures checked in). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** A plain PNG of the given size. */
export const png = (w = 300, h = 200): Promise<Buffer> =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();

/** An H.264 test-pattern clip (with a tone when `audio`), written into `dir` and read back. */
export function makeVideo(
  dir: string,
  name: string,
  opts: { w: number; h: number; seconds: number; audio: boolean; fps?: number },
): Buffer {
  const out = path.join(dir, name);
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${opts.w}x${opts.h}:rate=${opts.fps ?? 15}:duration=${opts.seconds}`,
  ];
  if (opts.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${opts.seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (opts.audio) args.push('-c:a', 'aac', '-shortest');
  args.push(out);
  execFileSync('ffmpeg', args);
  return readFileSync(out);
}
