/**
 * Fetches a page's title, description and image for link previews without letting a member point the
 * server at anything inside our network (SSRF). https only on the default port; the name is resolved
 * here and every address checked (only public unicast passes: no loopback, private, link-local, CGNAT,
 * unique-local, IPv4-mapped IPv6, unspecified or metadata addresses); the socket connects to the very
 * address that was checked (no second lookup a DNS rebinding could swap); each redirect hop is checked
 * again, at most 3 hops; 5 s and 1 MB at most in all.
 *
 * Tests only: `testHosts` maps names under the reserved `.test` domain to fixed local addresses (any
 * port), and `testCa` adds one certificate authority, so a test can serve a page over https on its own
 * machine. A redirect from such a host to any other address is checked as usual.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Parser } from 'htmlparser2';
import { LIMITS, type LinkMeta } from '@sajha/contract';

export class LinkFetchRefused extends Error {
  constructor(readonly reason: string) {
    super(`link fetch refused: ${reason}`);
    this.name = 'LinkFetchRefused';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface LinkFetcherOptions {
  /** Test-only fixed addresses for names ending in `.test` (see the module comment). */
  testHosts?: ReadonlyMap<string, string>;
  /** Test-only extra CA (PEM) trusted beside the system's. */
  testCa?: string | undefined;
  /** Name resolution; tests pass their own to stand in for DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** Cloud metadata endpoints, refused by name and address even where a range check would miss them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** The only IPv6 block handed out for global unicast (RFC 4291); everything outside it is special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True only for addresses on the public internet. ipaddr.js names every special-purpose range of the
 * IANA registries (loopback, private, CGNAT, link-local, ULA, multicast, documentation, benchmarking,
 * 6to4, Teredo, NAT64, IPv4-mapped...) and calls the rest plain 'unicast'. For IPv6 that rest still
 * holds ranges it has no name for, such as the IPv4-compatible `::a.b.c.d` (`[::127.0.0.1]`) and other
 * unallocated space, so an IPv6 address must also lie in 2000::/3. Any IPv6 spelling that embeds an
 * IPv4 address is thereby refused outright rather than unwrapped and judged by its IPv4 part.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (METADATA_ADDRESSES.has(parsed.toString())) return false;
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
  port: number;
}

/** Decides whether `url` may be fetched and to which checked address the socket will connect. */
export async function checkTarget(url: URL, opts: LinkFetcherOptions = {}): Promise<Target> {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') throw new LinkFetchRefused('not https');
  const test = host.endsWith('.test') ? opts.testHosts?.get(host) : undefined;
  if (test) {
    const family = ipaddr.parse(test).kind() === 'ipv6' ? 6 : 4;
    return { url, address: test, family, port: Number(url.port || 443) };
  }
  if (url.username || url.password) throw new LinkFetchRefused('credentials in url');
  if (METADATA_NAMES.has(host)) throw new LinkFetchRefused('metadata host');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await (opts.resolve ?? systemResolve)(host);
    } catch {
      throw new LinkFetchRefused('name does not resolve');
    }
  }
  if (addresses.length === 0) throw new LinkFetchRefused('name does not resolve');
  // One bad address refuses the name: we cannot know which one a later connection would use.
  for (const a of addresses) if (!isPublicAddress(a.address)) throw new LinkFetchRefused(`address ${a.address}`);
  // Only the https port: no walking the service ports of public hosts.
  if (url.port && url.port !== '443') throw new LinkFetchRefused('port');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family, port: 443 };
}

/** A lookup that always answers with the address we already checked (pinning). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    } else callback(null, address, family);
  };
}

function request(target: Target, signal: AbortSignal, testCa: string | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        ...(testCa ? { ca: [...rootCertificates, testCa] } : {}),
        hostname: target.url.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(target.address, target.family),
        signal,
        headers: {
          'user-agent': 'SajhaLinkPreview/1.0 (+link previews)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'identity',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readLimited(res: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    const room = maxBytes - total;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    total += Math.min(chunk.length, room);
    // The head is what we need; past the cap we stop reading and parse what arrived.
    if (total >= maxBytes) break;
  }
  res.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches and parses one page. Throws LinkFetchRefused (or a network error) when it cannot. */
export async function fetchLinkMeta(rawUrl: string, opts: LinkFetcherOptions = {}): Promise<LinkMeta> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 1_048_576;
  const maxRedirects = opts.maxRedirects ?? 3;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new LinkFetchRefused('bad url');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new LinkFetchRefused('timeout')), timeoutMs);
  try {
    for (let hop = 0; ; hop += 1) {
      const target = await checkTarget(url, opts);
      const res = await request(target, controller.signal, opts.testCa);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new LinkFetchRefused('too many redirects');
        url = new URL(res.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new LinkFetchRefused(`status ${status}`);
      }
      const type = String(res.headers['content-type'] ?? '').toLowerCase();
      if (!type.includes('text/html') && !type.includes('application/xhtml+xml')) {
        res.destroy();
        throw new LinkFetchRefused('not html');
      }
      const html = await readLimited(res, maxBytes);
      return parseLinkMeta(html, url, rawUrl);
    }
  } catch (err) {
    if (controller.signal.aborted) throw new LinkFetchRefused('timeout');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Reads og:/twitter: tags, <title> and the meta description; relative image URLs are made absolute. */
export function parseLinkMeta(html: string, pageUrl: URL, requestedUrl: string): LinkMeta {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
        if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const description = clean(meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'));
  let image = clean(meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image'));
  try {
    const abs = image ? new URL(image, pageUrl) : null;
    // Shown to every viewer's browser: only https images, never a data: or javascript: URL.
    image = abs && abs.protocol === 'https:' ? abs.toString() : '';
  } catch {
    image = '';
  }
  return {
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? title).slice(0, 200),
    description: description.slice(0, LIMITS.linkDescriptionMax),
    image,
    url: requestedUrl,
  };
}
