/** Real short clips made by ffmpeg, for the browser tests that upload them (the server transcodes them as it would any). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An H.264 MP4 in `dir` from an ffmpeg lavfi `picture` source (its duration included), with a sine tone of
 * `tone` Hz for `seconds` when given (AAC, cut to the shorter of the two); silent otherwise.
 */
export function makeClip(dir: string, name: string, o: { picture: string; seconds: number; tone?: number }): Buffer {
  const out = path.join(dir, name);
  const tone = o.tone === undefined ? [] : ['-f', 'lavfi', '-i', `sine=frequency=${o.tone}:duration=${o.seconds}`];
  const audio = o.tone === undefined ? [] : ['-c:a', 'aac', '-shortest'];
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', o.picture, ...tone],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...audio, out],
  ]);
  return readFileSync(out);
}
