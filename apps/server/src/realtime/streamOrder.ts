import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapter } from 'socket.io-adapter';

/** A Socket.IO packet as the adapter passes it (its own types say `any`). */
interface Packet {
  type: number;
  data: unknown[];
  nsp?: string;
  id?: number;
}

/** What the Redis streams adapter does with a message it reads, and with one it writes. */
interface StreamAdapter {
  readonly uid: string;
  nsp: { name: string };
  broadcast(packet: Packet, opts: BroadcastOptions): Promise<void> | void;
  onMessage(message: StreamMessage, offset?: string): void;
  publishAndReturnOffset(message: Omit<StreamMessage, 'uid' | 'nsp'>): Promise<string>;
  addOffsetIfNecessary(packet: Packet, opts: BroadcastOptions, offset: string): void;
}

interface StreamMessage {
  uid: string;
  nsp: string;
  type: MessageType;
  data?: { packet?: Packet; opts?: WireOptions; requestId?: string; [IN_ORDER]?: true };
}

interface WireOptions {
  rooms: string[];
  except: string[];
  flags?: BroadcastOptions['flags'];
}

/** Adapters whose stream reader has read back one of their own messages (so it is surely reading). */
const readingOwn = new WeakSet<object>();

/** Whether `adapter` now hands its own broadcasts to its sockets in the stream's order. */
export const readsOwnStream = (adapter: object): boolean => readingOwn.has(adapter);

/** Marks a broadcast this node delivers to its own sockets when its stream reader reads it back. */
const IN_ORDER = 'sajhaInOrder';

/**
 * Makes a node hand its own broadcasts to its sockets in the stream's order, as every other node does.
 *
 * The Redis streams adapter delivers a node's own broadcast to its sockets when the XADD returns, and
 * other nodes' broadcasts when its XREAD returns, so a socket can get stream entry N+1 (its node's)
 * before entry N (another node's). Each entry carries its offset, and the client keeps the last one it
 * got: a connection that closes between the two resumes on the other node after N+1, and N is never
 * delivered (seen as 1 message in 1,200 missing after a drain). Here a node's own broadcast goes to its
 * sockets when its reader reads it back, right after the entries before it. Other nodes see no
 * difference: the marker is one more field of the broadcast's data, which they do not read.
 *
 * Until the reader has read back one of this node's own messages (its first heartbeat, at start), it
 * may not yet be reading, so broadcasts are delivered as the adapter does. A broadcast that cannot be
 * published is delivered here at once, as the adapter does. Room changes (join, leave, disconnect) and
 * broadcasts awaiting client acks (which the stream never replays) keep the adapter's own path.
 */
function inStreamOrder<T extends ClusterAdapter>(adapter: T): T {
  const self = adapter as unknown as StreamAdapter;
  const ownBroadcast = self.broadcast.bind(self);
  const onMessage = self.onMessage.bind(self);
  const deliver = (packet: Packet, opts: BroadcastOptions) => Adapter.prototype.broadcast.call(adapter, packet, opts);
  self.broadcast = async (packet, opts) => {
    if (!readingOwn.has(adapter) || opts.flags?.local) return ownBroadcast(packet, opts);
    const wire: WireOptions = { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags };
    try {
      await self.publishAndReturnOffset({
        type: MessageType.BROADCAST,
        data: { packet, opts: wire, [IN_ORDER]: true },
      });
    } catch {
      deliver(packet, opts);
    }
  };

  self.onMessage = (message, offset) => {
    if (message.uid !== self.uid) return onMessage(message, offset);
    readingOwn.add(adapter);
    const data = message.data;
    if (message.type !== MessageType.BROADCAST || !data?.[IN_ORDER] || !data.packet || !data.opts) return;
    const opts: BroadcastOptions = {
      rooms: new Set(data.opts.rooms),
      except: new Set(data.opts.except),
      flags: data.opts.flags,
    };
    if (offset) self.addOffsetIfNecessary(data.packet, opts, offset);
    deliver(data.packet, opts);
  };
  return adapter;
}

/**
 * The adapter factory for `io.adapter()`: the Redis streams adapter's, each adapter in stream order.
 * A plain function, not an arrow: Socket.IO calls it with `new`, and takes the object it returns.
 */
export function inStreamOrderOf<A extends ClusterAdapter, N>(adapterOf: (nsp: N) => A): (nsp: N) => A {
  return function (nsp: N) {
    return inStreamOrder(adapterOf(nsp));
  };
}
