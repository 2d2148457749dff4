/** Media helpers for the call screen: constraints by screen width, the black frame, device labels. */

/** Part 2 "Call": 4:3 when the window is 768 px wide or less, otherwise 16:9. */
export function cameraAspect(width = window.innerWidth): number {
  return width <= 768 ? 4 / 3 : 16 / 9;
}

export function videoConstraints(deviceId?: string): MediaTrackConstraints {
  const aspectRatio = cameraAspect();
  return {
    aspectRatio: { ideal: aspectRatio },
    width: { ideal: aspectRatio > 1.5 ? 1280 : 640 },
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

export function audioConstraints(deviceId?: string): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

/**
 * Camera off: a black 640x480 frame goes out in place of the camera, so the other side does not
 * freeze on the last picture. The caller stops the placeholder 100 ms after it is on the sender
 * (stopped from its creation, a busy machine could end it before a frame went out). Until then the
 * canvas is painted on every tick: a canvas capture only emits a frame when the canvas is painted.
 */
export function blackFrameTrack(): MediaStreamTrack {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d');
  const paint = () => {
    if (!ctx) return;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 640, 480);
  };
  paint();
  const track = canvas.captureStream(10).getVideoTracks()[0]!;
  const painting = window.setInterval(() => {
    if (track.readyState === 'ended') window.clearInterval(painting);
    else paint();
  }, 50);
  return track;
}

export interface DeviceOption {
  id: string;
  /** The browser's name for the device; '' until permission is given (the selector then shows a fallback). */
  label: string;
  /** The id's first 8 characters, for the spec's fallbacks "Microphone {id}" / "Camera {id}". */
  shortId: string;
}

/** The devices of one kind, as the browser names them (or not: labels are hidden until permission is given). */
export function deviceOptions(devices: MediaDeviceInfo[], kind: 'audioinput' | 'videoinput'): DeviceOption[] {
  return devices
    .filter((d) => d.kind === kind)
    .map((d) => ({ id: d.deviceId, label: d.label, shortId: d.deviceId.slice(0, 8) }));
}

export interface Quality {
  /** Received bitrate over the last interval, all inbound media. */
  kbps: number;
  /** Packets lost as a share of packets expected, percent. */
  lossPct: number;
  rttMs: number | null;
  framesDecoded: number;
  /** The local candidate type of the pair in use (host, srflx, relay). */
  path: string | null;
  level: 'good' | 'fair' | 'poor';
}

interface Counters {
  bytes: number;
  at: number;
}

/** Reads the numbers the badge shows from one getStats() report. */
export function readQuality(report: RTCStatsReport, prev: Counters | null): { q: Quality; counters: Counters } {
  let bytes = 0;
  let lost = 0;
  let received = 0;
  let framesDecoded = 0;
  let rttMs: number | null = null;
  let path: string | null = null;
  let pairLocal: string | undefined;
  report.forEach((s: Record<string, unknown>) => {
    if (s.type === 'inbound-rtp') {
      bytes += Number(s.bytesReceived ?? 0);
      lost += Math.max(0, Number(s.packetsLost ?? 0));
      received += Number(s.packetsReceived ?? 0);
      if (s.kind === 'video') framesDecoded += Number(s.framesDecoded ?? 0);
    }
    if (s.type === 'candidate-pair' && s.state === 'succeeded' && (s.nominated || s.selected)) {
      if (typeof s.currentRoundTripTime === 'number') rttMs = Math.round(s.currentRoundTripTime * 1000);
      pairLocal = s.localCandidateId as string;
    }
  });
  if (pairLocal) {
    const local = report.get(pairLocal) as Record<string, unknown> | undefined;
    path = (local?.candidateType as string | undefined) ?? null;
  }
  const now = performance.now();
  const kbps = prev && now > prev.at ? Math.max(0, Math.round(((bytes - prev.bytes) * 8) / (now - prev.at))) : 0;
  const lossPct = lost + received > 0 ? Math.round((lost / (lost + received)) * 1000) / 10 : 0;
  const level = lossPct > 8 || (rttMs ?? 0) > 600 ? 'poor' : lossPct > 2 || (rttMs ?? 0) > 250 ? 'fair' : 'good';
  return { q: { kbps, lossPct, rttMs, framesDecoded, path, level }, counters: { bytes, at: now } };
}
