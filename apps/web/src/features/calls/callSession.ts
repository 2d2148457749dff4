/**
 * One call, outside React: the call socket, the RTCPeerConnection and the local media, with the
 * spec's transitions (part 2 "Call"). The page subscribes to its state.
 *
 * Negotiation follows the "perfect negotiation" pattern: either side may send an offer (the first
 * one, an ICE restart, a renegotiation) and a collision is settled by politeness (the callee yields).
 * That is what lets the call heal itself: after the socket reconnects, the page rejoins its room and
 * restarts ICE; when the connection drops, it restarts ICE without anybody clicking.
 */
import { Routes, Events, type AckAnswer, type CallPeer, type IceServersResponse } from '@sajha/contract';
import { createCallSocket, type CallSocket } from '../../lib/callSocket';
import {
  audioConstraints,
  blackFrameTrack,
  deviceOptions,
  readQuality,
  videoConstraints,
  type DeviceOption,
  type Quality,
} from './media';

export type Phase = 'starting' | 'calling' | 'connecting' | 'connected' | 'ended';

export interface CallState {
  phase: Phase;
  role: 'caller' | 'callee' | null;
  roomId: string | null;
  peer: CallPeer | null;
  isMuted: boolean;
  isVideo: boolean;
  isScreenSharing: boolean;
  /** Title for the Ended screen: the server's (e.g. "Call declined", an English catalogue text) or null for "Call Ended". */
  endedTitle: string | null;
  remote: { videoOn: boolean; audioOn: boolean; screenSharing: boolean };
  /** The signalling socket is down or the media path dropped: the page is healing the call. */
  reconnecting: boolean;
  quality: Quality | null;
  /** When the media first flowed (ms since the epoch): the running timer counts from it, through reconnects. */
  connectedAt: number | null;
  iceRestarts: number;
  /** The peer connection's signalling state ('stable' once every offer has its answer). */
  signaling: RTCSignalingState | 'closed';
  audioDevices: DeviceOption[];
  videoDevices: DeviceOption[];
  selectedAudio: string;
  selectedVideo: string;
  /** The camera or both devices could not be opened: which (the page words it in the member's language). */
  mediaError: 'cameraUnavailable' | 'mediaUnavailable' | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
}

/** The signalling events relayed to the other member, and what each carries. */
type Signal =
  | typeof Events.offer
  | typeof Events.answer
  | typeof Events.iceCandidate
  | typeof Events.toggleAudio
  | typeof Events.toggleVideo
  | typeof Events.toggleScreenSharing;

/** While the media path is down, a new one is tried this often (a short blip heals before the first). */
const DISCONNECTED_RETRY_MS = 5000;
const UNANSWERED_OFFER_MS = 4000;
/** A connection not up this long after it began gets a new path (the caller drives, as for a drop). */
const FIRST_CONNECT_MS = 8000;

export class CallSession {
  private state: CallState = {
    phase: 'starting',
    role: null,
    roomId: null,
    peer: null,
    isMuted: false,
    isVideo: true,
    isScreenSharing: false,
    endedTitle: null,
    remote: { videoOn: true, audioOn: true, screenSharing: false },
    reconnecting: false,
    quality: null,
    connectedAt: null,
    iceRestarts: 0,
    signaling: 'closed',
    audioDevices: [],
    videoDevices: [],
    selectedAudio: '',
    selectedVideo: '',
    mediaError: null,
    localStream: null,
    remoteStream: null,
  };
  private listeners = new Set<() => void>();
  private socket: CallSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private ice: IceServersResponse = { iceServers: [], ttl: 0, iceTransportPolicy: 'all' };
  private audioSender: RTCRtpSender | null = null;
  private videoSender: RTCRtpSender | null = null;
  private camera: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private connectedOnce = false;
  private disconnectedTimer: ReturnType<typeof setInterval> | null = null;
  /** Re-sends an ICE-restart offer whose answer never came (lost while the other page was away). */
  private unansweredTimer: ReturnType<typeof setTimeout> | null = null;
  private firstConnectTimer: ReturnType<typeof setTimeout> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private counters: { bytes: number; at: number } | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];

  constructor(
    private readonly userUid: string,
    roomId: string | undefined,
  ) {
    this.state.roomId = roomId ?? null;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getState = (): CallState => this.state;

  private set(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  // ---- start ---------------------------------------------------------------------------------

  async start(): Promise<void> {
    await Promise.all([this.loadIceServers(), this.openMedia()]);
    if (this.state.phase === 'ended') return;
    await this.refreshDevices();
    const socket = createCallSocket();
    this.socket = socket;
    socket.on('connect', () => void this.onConnect());
    socket.on('disconnect', () => this.set({ reconnecting: true }));
    // The callee's page offers as it joins; the caller answers that offer (its connection starts with
    // it, in onDescription). Were both to offer at once, the callee's rollback could leave Chrome with
    // an answer it never gathers candidates for: the call would hang at "Connecting..." for good.
    socket.on(Events.callAccepted, () => {
      console.debug('call: accepted');
      if (this.state.role === 'caller' && this.state.phase === 'calling') this.set({ phase: 'connecting' });
    });
    // The other page is back after a reconnect: an offer we sent while it was away never arrived.
    socket.on(Events.userJoined, () => {
      const pc = this.pc;
      console.debug('call: the other page joined', pc?.signalingState ?? 'no connection yet');
      if (pc?.signalingState === 'have-local-offer' && pc.localDescription) {
        this.send(Events.offer, { roomId: this.state.roomId, offer: pc.localDescription });
      }
    });
    socket.on(Events.callee, ({ callee }) => {
      if (this.state.role === 'caller' && this.state.peer) this.set({ peer: { ...this.state.peer, ...callee } });
    });
    socket.on(Events.offer, ({ offer }) => void this.onDescription(offer));
    socket.on(Events.answer, ({ answer }) => void this.onDescription(answer));
    socket.on(Events.iceCandidate, ({ candidate }) => void this.onCandidate(candidate as RTCIceCandidateInit));
    socket.on(Events.toggleVideo, ({ isOn }) => this.set({ remote: { ...this.state.remote, videoOn: isOn } }));
    socket.on(Events.toggleAudio, ({ isOn }) => this.set({ remote: { ...this.state.remote, audioOn: isOn } }));
    socket.on(Events.toggleScreenSharing, ({ isOn }) =>
      this.set({ remote: { ...this.state.remote, screenSharing: isOn } }),
    );
    socket.on(Events.userLeft, () => this.finish(null));
    socket.on(Events.callEnded, ({ title }) => this.finish(title ?? null));
    socket.connect();
  }

  private async loadIceServers(): Promise<void> {
    try {
      const res = await fetch(Routes.iceServers.path, { credentials: 'include' });
      if (res.ok) this.ice = (await res.json()) as IceServersResponse;
    } catch {
      // No ICE servers: host candidates still connect members on one network.
    }
  }

  private async openMedia(): Promise<void> {
    let stream: MediaStream | null = null;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: videoConstraints() });
    } catch {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        this.set({ isVideo: false, mediaError: 'cameraUnavailable' });
      } catch {
        this.set({ isVideo: false, isMuted: true, mediaError: 'mediaUnavailable' });
      }
    }
    this.camera = stream?.getVideoTracks()[0] ?? null;
    this.set({
      localStream: stream ?? new MediaStream(),
      selectedAudio: stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '',
      selectedVideo: this.camera?.getSettings().deviceId ?? '',
    });
  }

  async refreshDevices(): Promise<void> {
    const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
    this.set({
      audioDevices: deviceOptions(devices, 'audioinput'),
      videoDevices: deviceOptions(devices, 'videoinput'),
    });
  }

  // ---- signalling ----------------------------------------------------------------------------

  /**
   * Signalling only while connected: after a reconnect the ICE restart regenerates all of it. The
   * browser's own descriptions and candidates go as they are (the server checks them with the contract's
   * schemas); nothing is read back, so there is no answer to type.
   */
  private send(event: Signal, payload: unknown): void {
    if (!this.socket?.connected) return;
    (this.socket.emit as (e: Signal, p: unknown) => void)(event, payload);
  }

  /** Creating the room answers its id and the peer; joining it, where the call stands (typed by the contract). */
  private createRoom(): Promise<AckAnswer<typeof Events.createRoom>> {
    return new Promise((resolve) => this.socket?.emit(Events.createRoom, { userUid: this.userUid }, resolve));
  }
  private joinRoom(roomId: string): Promise<AckAnswer<typeof Events.joinRoom>> {
    return new Promise((resolve) => this.socket?.emit(Events.joinRoom, { roomId, userUid: this.userUid }, resolve));
  }

  private async onConnect(): Promise<void> {
    const first = !this.connectedOnce;
    this.connectedOnce = true;
    if (!this.state.roomId) {
      if (!first) return;
      const a = await this.createRoom();
      if (!a.ok) return this.finish(a.error);
      this.set({ roomId: a.data.roomId, role: 'caller', peer: a.data.peer, phase: 'calling' });
      // The page can be reloaded and rejoin: its address now names the room.
      window.history.replaceState(window.history.state, '', `/call/${this.userUid}/${a.data.roomId}`);
      return;
    }
    const a = await this.joinRoom(this.state.roomId);
    if (!a.ok) return this.finish(a.error);
    const { state, role, peer } = a.data;
    this.set({ role, peer, reconnecting: this.pc ? this.pc.connectionState !== 'connected' : false });
    if (state === 'ended') return this.finish(null);
    if (state === 'ringing') return this.set({ phase: 'calling' });
    // A rejoin after a reconnect repairs the path; on the first join an offer that raced the ack may
    // already have started the connection, and restarting it then would only tear that down.
    if (!this.pc) this.beginMedia();
    else if (!first) this.restartIce();
    // Tell the other side our toggles again: it may have missed them while we were away.
    if (!first) {
      const roomId = this.state.roomId;
      this.send(Events.toggleAudio, { roomId, isOn: !this.state.isMuted });
      this.send(Events.toggleVideo, { roomId, isOn: this.state.isVideo });
      this.send(Events.toggleScreenSharing, { roomId, isOn: this.state.isScreenSharing });
    }
  }

  /** The call is answered: build the peer connection and send our media. */
  private beginMedia(): void {
    if (this.pc || this.state.phase === 'ended') return;
    this.set({ phase: 'connecting' });
    const pc = new RTCPeerConnection({
      iceServers: this.ice.iceServers,
      iceTransportPolicy: this.ice.iceTransportPolicy,
    });
    this.pc = pc;
    const stream = this.state.localStream ?? new MediaStream();
    const audio = stream.getAudioTracks()[0];
    this.audioSender = audio ? pc.addTrack(audio, stream) : pc.addTransceiver('audio').sender;
    this.videoSender = this.camera ? pc.addTrack(this.camera, stream) : pc.addTransceiver('video').sender;

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        console.debug('call: offer out', pc.signalingState, pc.localDescription?.type);
        if (pc.localDescription) this.send(Events.offer, { roomId: this.state.roomId, offer: pc.localDescription });
      } catch (err) {
        console.warn('negotiation failed', err);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      console.debug(
        'call: candidate out',
        candidate?.candidate.split(' ').slice(4, 8).join(' ') ?? 'end',
        candidate?.usernameFragment,
      );
      if (candidate) this.send(Events.iceCandidate, { roomId: this.state.roomId, candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ track, streams }) => {
      const remote = streams[0] ?? this.state.remoteStream ?? new MediaStream();
      if (!remote.getTracks().includes(track)) remote.addTrack(track);
      this.set({ remoteStream: remote });
    };
    pc.onconnectionstatechange = () => this.onConnectionState();
    // Whatever kept the first path from coming up (an offer or candidates lost on the way), try anew.
    this.firstConnectTimer = setTimeout(() => {
      this.firstConnectTimer = null;
      if (this.pc === pc && pc.connectionState !== 'connected' && this.state.role === 'caller') this.restartIce();
    }, FIRST_CONNECT_MS);
    pc.onsignalingstatechange = () => console.debug('call: signalling', pc.signalingState);
    pc.onicecandidateerror = (e) => console.debug('call: candidate error', e.errorCode, e.errorText, e.url);
    this.statsTimer = setInterval(() => void this.sampleStats(), 1000);
  }

  private onConnectionState(): void {
    const pc = this.pc;
    if (!pc || this.state.phase === 'ended') return;
    const s = pc.connectionState;
    console.debug('call: connection', s, 'ice', pc.iceConnectionState);
    if (s === 'connected') {
      if (this.disconnectedTimer) clearInterval(this.disconnectedTimer);
      if (this.unansweredTimer) clearTimeout(this.unansweredTimer);
      this.disconnectedTimer = null;
      this.set({
        phase: 'connected',
        reconnecting: !this.socket?.connected,
        connectedAt: this.state.connectedAt ?? Date.now(),
      });
    } else if (s === 'disconnected' || s === 'failed') {
      this.set({ reconnecting: true });
      // One side drives the repair so the two never keep restarting over each other: the caller.
      // (A page whose socket came back restarts from onConnect, whichever side it is.)
      if (this.state.role !== 'caller') return;
      if (s === 'failed') this.restartIce();
      // A short blip heals by itself; a longer one gets a new path, tried again until one works.
      if (!this.disconnectedTimer) {
        this.disconnectedTimer = setInterval(() => {
          if (this.pc?.connectionState === 'connected') return;
          this.restartIce();
        }, DISCONNECTED_RETRY_MS);
      }
    }
  }

  private restartIce(): void {
    if (!this.pc || !this.socket?.connected || this.state.phase === 'ended') return;
    this.set({ iceRestarts: this.state.iceRestarts + 1 });
    console.debug('call: ICE restart', this.state.iceRestarts);
    // Fresh TURN credentials first: the old ones may have expired during a long call.
    void this.loadIceServers().then(async () => {
      if (!this.pc) return;
      // An offer still waiting for its answer was lost on the way: take it back and start over.
      if (this.pc.signalingState === 'have-local-offer') {
        await this.pc.setLocalDescription({ type: 'rollback' }).catch(() => undefined);
      }
      try {
        this.pc.setConfiguration({ iceServers: this.ice.iceServers, iceTransportPolicy: this.ice.iceTransportPolicy });
      } catch {
        // Some browsers refuse a changed configuration; the old servers are still fine.
      }
      this.pc.restartIce();
      // The media path may still be up, so no connection-state change would ever retry a lost offer.
      if (this.unansweredTimer) clearTimeout(this.unansweredTimer);
      this.unansweredTimer = setTimeout(() => {
        this.unansweredTimer = null;
        if (this.pc?.signalingState === 'have-local-offer') this.restartIce();
      }, UNANSWERED_OFFER_MS);
    });
  }

  private async onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (!this.pc) this.beginMedia();
    const pc = this.pc;
    if (!pc) return;
    const polite = this.state.role === 'callee';
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !polite && collision;
    console.debug('call:', description.type, 'in', { role: this.state.role, state: pc.signalingState, collision });
    if (this.ignoreOffer) return;
    try {
      await pc.setRemoteDescription(description);
      for (const c of this.pendingCandidates.splice(0))
        await pc.addIceCandidate(c).catch((e: unknown) => console.debug('call: queued candidate refused', String(e)));
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        console.debug('call: answer out', /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1]);
        if (pc.localDescription) this.send(Events.answer, { roomId: this.state.roomId, answer: pc.localDescription });
      }
    } catch (err) {
      console.warn('remote description refused', err);
    }
  }

  private async onCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    if (!pc.remoteDescription) {
      console.debug('call: candidate in, queued', candidate.usernameFragment);
      this.pendingCandidates.push(candidate);
      return;
    }
    console.debug('call: candidate in', candidate.usernameFragment);
    try {
      await pc.addIceCandidate(candidate);
    } catch (err) {
      if (!this.ignoreOffer) console.warn('candidate refused', err);
    }
  }

  private async sampleStats(): Promise<void> {
    if (!this.pc) return;
    const report = await this.pc.getStats();
    const { q, counters } = readQuality(report, this.counters);
    this.counters = counters;
    this.set({ quality: q, signaling: this.pc?.signalingState ?? 'closed' });
  }

  // ---- controls ------------------------------------------------------------------------------

  private replaceLocal(kind: 'audio' | 'video', track: MediaStreamTrack | null): void {
    const old = this.state.localStream ?? new MediaStream();
    const tracks = old.getTracks().filter((t) => t.kind !== kind);
    if (track) tracks.push(track);
    this.set({ localStream: new MediaStream(tracks) });
  }

  /** Mute stops the microphone; unmute asks for it again. */
  async toggleMute(): Promise<void> {
    const roomId = this.state.roomId;
    if (!this.state.isMuted) {
      for (const t of this.state.localStream?.getAudioTracks() ?? []) t.stop();
      await this.audioSender?.replaceTrack(null);
      this.replaceLocal('audio', null);
      this.set({ isMuted: true });
      this.send(Events.toggleAudio, { roomId, isOn: false });
      return;
    }
    const stream = await navigator.mediaDevices.getUserMedia({ audio: audioConstraints(this.state.selectedAudio) });
    const track = stream.getAudioTracks()[0]!;
    await this.audioSender?.replaceTrack(track);
    this.replaceLocal('audio', track);
    this.set({ isMuted: false });
    this.send(Events.toggleAudio, { roomId, isOn: true });
  }

  /** Camera off sends a black 640x480 frame (stopped after 100 ms) and stops the camera; on asks again. */
  async toggleVideo(): Promise<void> {
    const roomId = this.state.roomId;
    if (this.state.isVideo) {
      if (!this.state.isScreenSharing && this.videoSender) {
        const black = blackFrameTrack();
        try {
          await this.videoSender.replaceTrack(black);
        } finally {
          window.setTimeout(() => black.stop(), 100);
        }
      }
      this.camera?.stop();
      this.camera = null;
      this.replaceLocal('video', this.screen);
      this.set({ isVideo: false });
      this.send(Events.toggleVideo, { roomId, isOn: false });
      return;
    }
    const stream = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(this.state.selectedVideo) });
    this.camera = stream.getVideoTracks()[0]!;
    if (!this.state.isScreenSharing) {
      await this.videoSender?.replaceTrack(this.camera);
      this.replaceLocal('video', this.camera);
    }
    this.set({ isVideo: true });
    this.send(Events.toggleVideo, { roomId, isOn: true });
  }

  /** Screen share takes the video slot; it ends by itself when the browser's share stops. */
  async toggleScreenShare(): Promise<void> {
    if (this.state.isScreenSharing) return this.stopScreenShare();
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = stream.getVideoTracks()[0];
    if (!track) return;
    this.screen = track;
    track.addEventListener('ended', () => void this.stopScreenShare());
    await this.videoSender?.replaceTrack(track);
    this.replaceLocal('video', track);
    this.set({ isScreenSharing: true });
    this.send(Events.toggleScreenSharing, { roomId: this.state.roomId, isOn: true });
  }

  private async stopScreenShare(): Promise<void> {
    if (!this.screen) return;
    this.screen.stop();
    this.screen = null;
    await this.videoSender?.replaceTrack(this.state.isVideo ? this.camera : null);
    this.replaceLocal('video', this.state.isVideo ? this.camera : null);
    this.set({ isScreenSharing: false });
    this.send(Events.toggleScreenSharing, { roomId: this.state.roomId, isOn: false });
  }

  async selectDevice(kind: 'audio' | 'video', deviceId: string): Promise<void> {
    if (kind === 'audio') {
      this.set({ selectedAudio: deviceId });
      if (this.state.isMuted) return;
      const stream = await navigator.mediaDevices.getUserMedia({ audio: audioConstraints(deviceId) });
      const track = stream.getAudioTracks()[0]!;
      for (const t of this.state.localStream?.getAudioTracks() ?? []) t.stop();
      await this.audioSender?.replaceTrack(track);
      this.replaceLocal('audio', track);
      return;
    }
    this.set({ selectedVideo: deviceId });
    if (!this.state.isVideo) return;
    const stream = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(deviceId) });
    this.camera?.stop();
    this.camera = stream.getVideoTracks()[0]!;
    if (!this.state.isScreenSharing) {
      await this.videoSender?.replaceTrack(this.camera);
      this.replaceLocal('video', this.camera);
    }
  }

  /** End call: leave the room, stop everything, show Call Ended. */
  hangUp(): void {
    if (this.state.phase === 'ended') return;
    const roomId = this.state.roomId;
    const socket = this.socket;
    if (roomId && socket?.connected) {
      socket.timeout(3000).emit(Events.leaveRoom, { roomId }, () => socket.disconnect());
    } else {
      socket?.disconnect();
    }
    this.finish(null, false);
  }

  private finish(title: string | null, closeSocket = true): void {
    if (this.state.phase === 'ended') return;
    if (this.disconnectedTimer) clearInterval(this.disconnectedTimer);
    if (this.firstConnectTimer) clearTimeout(this.firstConnectTimer);
    if (this.unansweredTimer) clearTimeout(this.unansweredTimer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    for (const t of this.state.localStream?.getTracks() ?? []) t.stop();
    this.camera?.stop();
    this.screen?.stop();
    this.pc?.close();
    this.pc = null;
    if (closeSocket) this.socket?.disconnect();
    this.set({ phase: 'ended', endedTitle: title, reconnecting: false, localStream: null, remoteStream: null });
  }

  /** The page is going away (window closed): leave the room so the other side is told. */
  dispose(): void {
    if (this.state.phase !== 'ended' && this.state.roomId && this.socket?.connected) {
      this.socket.emit(Events.leaveRoom, { roomId: this.state.roomId });
    }
    this.finish(null);
    this.socket?.removeAllListeners();
    this.listeners.clear();
  }
}
