/**
 * ffprobe / ffmpeg: what a file holds (a video stream? how long?), a quick decode of its first frame, the
 * transcode of a clip to H.264/AAC MP4 with the moov atom first (faststart), its poster frame, and how long
 * a chat's voice note or video plays. Every child is killed after a time limit and its output bounded;
 * nothing here throws past its caller's catch, and a missing ffmpeg is reported as an error the caller
 * turns into a clear message (or, for a length, into "unknown").
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { REEL_LIMITS } from '@sajha/contract';

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs a tool at low priority; resolves with its exit code, output and the tail of stderr. */
export function run(
  cmd: string,
  args: string[],
  opts: { timeoutMs: number; maxStdout?: number; signal?: AbortSignal },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // A transcode must not starve the requests of the same machine.
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // not permitted here: run at normal priority
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const max = opts.maxStdout ?? 1024 * 1024;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, opts.timeoutMs);
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (c: Buffer) => {
      outBytes += c.length;
      if (outBytes > max) kill();
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-2000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

export interface ProbeResult {
  hasVideo: boolean;
  hasAudio: boolean;
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

interface FfprobeJson {
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  format?: { duration?: string };
}

/** null when ffprobe cannot read the file at all. */
export async function probe(file: string): Promise<ProbeResult | null> {
  const r = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'stream=codec_type,width,height,duration:format=duration',
      file,
    ],
    { timeoutMs: 20_000 },
  );
  if (r.code !== 0) return null;
  let json: FfprobeJson;
  try {
    json = JSON.parse(r.stdout.toString('utf8')) as FfprobeJson;
  } catch {
    return null;
  }
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const seconds = Number(json.format?.duration ?? video?.duration);
  return {
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/**
 * What an audio or video file holds and how long it plays; null when ffprobe cannot read it. A recording
 * from the browser's MediaRecorder (WebM) has no duration in its header, so when the container does not
 * say, the file is decoded to its end (a chat file is at most a few MB: a fraction of a second) and the
 * last timestamp reached is its length.
 */
export async function mediaLength(file: string): Promise<{ hasVideo: boolean; durationMs: number | null } | null> {
  const found = await probe(file);
  if (!found) return null;
  if (found.durationMs !== null && found.durationMs > 0)
    return { hasVideo: found.hasVideo, durationMs: found.durationMs };
  const r = await run(
    'ffmpeg',
    ['-hide_banner', '-v', 'error', '-nostdin', '-i', file, '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
    {
      timeoutMs: 20_000,
    },
  );
  const times = [...r.stdout.toString('utf8').matchAll(/^out_time=(\d+):(\d\d):(\d\d(?:\.\d+)?)$/gm)];
  const last = times.at(-1);
  const ms = last ? Math.round(((Number(last[1]) * 60 + Number(last[2])) * 60 + Number(last[3])) * 1000) : NaN;
  return { hasVideo: found.hasVideo, durationMs: r.code === 0 && ms > 0 ? ms : null };
}

/** True when the first video frame decodes: a damaged file usually fails here, in well under a second. */
export async function firstFrameDecodes(file: string): Promise<boolean> {
  const r = await run(
    'ffmpeg',
    ['-hide_banner', '-v', 'error', '-xerror', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'],
    {
      timeoutMs: 20_000,
    },
  );
  return r.code === 0;
}

// Portrait fits inside 1080x1920, landscape inside 1920x1080; never enlarged; even sides for yuv420p.
const { maxWidth: W, maxHeight: H } = REEL_LIMITS;
const SCALE =
  `scale=w='if(gt(iw,ih),min(${H},iw),min(${W},iw))':h='if(gt(iw,ih),min(${W},ih),min(${H},ih))'` +
  ':force_original_aspect_ratio=decrease:force_divisible_by=2';

/**
 * Transcodes to H.264 (yuv420p) + AAC in MP4 with faststart; a silent clip stays without audio. At most
 * `maxSeconds` (and a second) of the input is read, and ffmpeg is killed after `timeoutMs`.
 */
export async function transcode(
  input: string,
  output: string,
  limits: { maxSeconds: number; timeoutMs: number },
  signal?: AbortSignal,
): Promise<void> {
  const { maxSeconds, timeoutMs } = limits;
  const r = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-t',
      String(maxSeconds + 1),
      '-vf',
      SCALE,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-threads',
      '2',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { timeoutMs, ...(signal ? { signal } : {}) },
  );
  if (r.code !== 0) throw new Error(`ffmpeg exited with ${r.code}: ${r.stderr.slice(-300)}`);
}

/** One JPEG frame from a little into the clip (the very first frame is often black). */
export async function posterFrame(input: string, atMs: number): Promise<Buffer> {
  const r = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-ss',
      (atMs / 1000).toFixed(2),
      '-i',
      input,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    { timeoutMs: 30_000, maxStdout: 10 * 1024 * 1024 },
  );
  if (r.code !== 0 || r.stdout.length === 0) throw new Error(`poster frame failed: ${r.stderr.slice(-300)}`);
  return r.stdout;
}
