import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, html, type TestSite } from '../../test/test-site.js';
import { firstHttpsUrl } from '@sajha/contract';
import { checkTarget, fetchLinkMeta, LinkFetchRefused, type LinkFetcherOptions } from './link-fetcher.js';

let site: TestSite;
let opts: LinkFetcherOptions;
beforeAll(async () => {
  site = await startTestSite();
  opts = { testHosts: new Map(site.hosts.map((h) => [h, '127.0.0.1'])), testCa: site.ca };
  site.route(
    '/page',
    html(`<!doctype html><html><head><title>Fallback title</title>
    <meta property="og:title" content="Sunrise over Annapurna &amp; friends">
    <meta name="description" content="${'Long view of the Himalaya. '.repeat(30)}">
    <meta property="og:image" content="/img/sunrise.jpg"></head><body>hello</body></html>`),
  );
  site.route('/secret', html('<title>internal</title>'));
});
afterAll(async () => {
  await site?.close();
});

/** Expects a refusal whose reason matches. */
async function refused(url: string, reason: RegExp, o: LinkFetcherOptions = opts): Promise<void> {
  const err = await fetchLinkMeta(url, o).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LinkFetchRefused);
  expect((err as LinkFetchRefused).reason).toMatch(reason);
}

describe('link fetcher: what it reads', () => {
  it('reads og title, a 300-character description and an absolute https image from an allowed host', async () => {
    const meta = await fetchLinkMeta(`https://preview.test:${site.port}/page`, opts);
    expect(meta.title).toBe('Sunrise over Annapurna & friends');
    expect(meta.description.length).toBe(300);
    expect(meta.description.startsWith('Long view of the Himalaya.')).toBe(true);
    expect(meta.image).toBe(`https://preview.test:${site.port}/img/sunrise.jpg`);
    expect(meta.url).toBe(`https://preview.test:${site.port}/page`);
  });

  it('previews only the first https URL of a text', () => {
    expect(firstHttpsUrl('see http://a.example and https://b.example/x?y=1, then https://c.example')).toBe(
      'https://b.example/x?y=1',
    );
    expect(firstHttpsUrl('no links here')).toBeNull();
  });

  it('follows a redirect between allowed hosts', async () => {
    site.route('/hop', (_req, res) => {
      res.writeHead(302, { location: `https://other.test:${site.port}/page` });
      res.end();
    });
    expect((await fetchLinkMeta(`https://preview.test:${site.port}/hop`, opts)).title).toMatch(/Annapurna/);
  });
});

describe('link fetcher: SSRF refusals', () => {
  it('refuses plain http', () => refused(`http://preview.test:${site.port}/page`, /not https/));
  it('refuses loopback IPv4', () => refused('https://127.0.0.1/', /address 127\.0\.0\.1/));
  it('refuses loopback IPv6', () => refused('https://[::1]/', /address ::1/));
  it('refuses private 10/8', () => refused('https://10.0.0.8/', /address 10\.0\.0\.8/));
  it('refuses private 172.16/12', () => refused('https://172.20.1.1/', /address 172\.20\.1\.1/));
  it('refuses private 192.168/16', () => refused('https://192.168.1.1/', /address 192\.168\.1\.1/));
  it('refuses link-local', () => refused('https://169.254.10.10/', /address 169\.254\.10\.10/));
  it('refuses CGNAT 100.64/10', () => refused('https://100.64.0.1/', /address 100\.64\.0\.1/));
  it('refuses unique-local IPv6', () => refused('https://[fd12:3456::1]/', /address fd12:3456::1/));
  it('refuses IPv4-mapped IPv6', () => refused('https://[::ffff:127.0.0.1]/', /address ::ffff:7f00:1/));
  it('refuses ::', () => refused('https://[::]/', /address ::/));
  it('refuses 0.0.0.0', () => refused('https://0.0.0.0/', /address 0\.0\.0\.0/));
  it('refuses the cloud metadata address', () =>
    refused('https://169.254.169.254/latest/', /address 169\.254\.169\.254/));
  it('refuses the cloud metadata name', () => refused('https://metadata.google.internal/', /metadata host/));
  it('refuses a decimal-encoded loopback address', () => refused('https://2130706433/', /address 127\.0\.0\.1/));

  // Every special-purpose range of IPv4 and IPv6, in the spellings that used to slip past string checks.
  const special: [string, string][] = [
    ['https://[::127.0.0.1]/', 'IPv4-compatible loopback'],
    ['https://[::ffff:7f00:1]/', 'IPv4-mapped loopback in hex'],
    ['https://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
    ['https://[::10.0.0.1]/', 'IPv4-compatible private'],
    ['https://[::a9fe:a9fe]/', 'IPv4-compatible metadata address'],
    ['https://[0:0:0:0:0:ffff:127.0.0.1]/', 'IPv4-mapped, written out'],
    ['https://[::ffff:0:7f00:1]/', 'IPv4-translated (RFC 6145)'],
    ['https://[64:ff9b::7f00:1]/', 'NAT64 of loopback'],
    ['https://[64:ff9b:1::a00:1]/', 'local-use NAT64'],
    ['https://[2002:7f00:1::1]/', '6to4 of loopback'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo'],
    ['https://[fe80::1]/', 'link-local IPv6'],
    ['https://[fec0::1]/', 'site-local IPv6'],
    ['https://[fc00::1]/', 'unique-local fc00::/7'],
    ['https://[ff02::1]/', 'multicast IPv6'],
    ['https://[100::1]/', 'discard-only'],
    ['https://[2001:db8::1]/', 'documentation IPv6'],
    ['https://[2001:2::1]/', 'benchmarking IPv6'],
    ['https://[4000::1]/', 'outside global unicast 2000::/3'],
    ['https://[::2]/', 'unassigned ::/8'],
    ['https://192.0.0.8/', 'IETF protocol assignments'],
    ['https://192.0.2.1/', 'TEST-NET-1'],
    ['https://198.18.0.1/', 'benchmarking IPv4'],
    ['https://198.51.100.1/', 'TEST-NET-2'],
    ['https://203.0.113.1/', 'TEST-NET-3'],
    ['https://240.0.0.1/', 'reserved 240/4'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://224.0.0.1/', 'multicast IPv4'],
    ['https://0177.0.0.1/', 'octal loopback'],
    ['https://0x7f.1/', 'hex short loopback'],
    ['https://127.1/', 'short loopback'],
  ];
  for (const [url, what] of special) it(`refuses ${what}: ${url}`, () => refused(url, /^address /));

  it('refuses a name whose DNS answer is an IPv4-compatible or NAT64 IPv6 address', async () => {
    for (const address of ['::127.0.0.1', '::7f00:1', '64:ff9b::a00:1', '2002:a00:1::'])
      await refused('https://rebind.example/', /^address /, {
        resolve: () => Promise.resolve([{ address, family: 6 }]),
      });
  });

  it('lets a public IPv6 address through the check and pins the connection to it', async () => {
    let lookups = 0;
    const target = await checkTarget(new URL('https://public6.example/'), {
      resolve: () => {
        lookups += 1;
        return Promise.resolve([{ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }]);
      },
    });
    expect(target).toMatchObject({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6, port: 443 });
    expect(lookups).toBe(1);
  });

  it('refuses a name that resolves to a private address', () =>
    refused('https://intranet.example/', /address 10\.1\.2\.3/, {
      resolve: () => Promise.resolve([{ address: '10.1.2.3', family: 4 }]),
    }));

  it('refuses a name when any one of its addresses is private', () =>
    refused('https://mixed.example/', /address 192\.168\.0\.5/, {
      resolve: () =>
        Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '192.168.0.5', family: 4 },
        ]),
    }));

  it('refuses localhost through the real resolver', () => refused('https://localhost/', /address (127\.0\.0\.1|::1)/));

  it('refuses a redirect from an allowed host to 127.0.0.1, without touching it', async () => {
    site.route('/to-loopback', (_req, res) => {
      res.writeHead(301, { location: `https://127.0.0.1:${site.port}/secret` });
      res.end();
    });
    const before = site.hits.filter((h) => h === '/secret').length;
    await refused(`https://preview.test:${site.port}/to-loopback`, /address 127\.0\.0\.1/);
    expect(site.hits.filter((h) => h === '/secret').length).toBe(before);
  });

  it('refuses a redirect to plain http', async () => {
    site.route('/to-http', (_req, res) => {
      res.writeHead(302, { location: `http://preview.test:${site.port}/page` });
      res.end();
    });
    await refused(`https://preview.test:${site.port}/to-http`, /not https/);
  });

  it('stops after 3 redirects', async () => {
    site.route('/loop', (_req, res) => {
      res.writeHead(302, { location: '/loop' });
      res.end();
    });
    await refused(`https://preview.test:${site.port}/loop`, /too many redirects/);
  });

  it('gives up after the time limit', async () => {
    site.route('/slow', () => undefined); // never answers
    const started = Date.now();
    await refused(`https://preview.test:${site.port}/slow`, /timeout/, { ...opts, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads at most the byte limit', async () => {
    let sentWhenClosed = -1;
    let complete = false;
    site.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Big page</title></head><body>');
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const closed = new Promise<void>((resolve) => res.once('close', resolve));
      void closed.then(() => (sentWhenClosed = sent));
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          if (res.destroyed) return;
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(() => (complete = true));
      };
      pump();
    });
    const meta = await fetchLinkMeta(`https://preview.test:${site.port}/huge`, { ...opts, maxBytes: 100_000 });
    expect(meta.title).toBe('Big page');
    // The fetcher hung up long before the 8 MB page was sent: it stopped reading at its limit.
    await expect.poll(() => sentWhenClosed, { timeout: 5000 }).toBeGreaterThan(0);
    expect(complete).toBe(false);
    expect(sentWhenClosed).toBeLessThan(4 * 1024 * 1024);
  });

  it('refuses what is not a web page', async () => {
    site.route('/data', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end('binary');
    });
    await refused(`https://preview.test:${site.port}/data`, /not html/);
  });

  it('refuses other ports on public hosts and test names it was not given', async () => {
    await expect(
      checkTarget(new URL('https://example.com:8443/'), {
        resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
      }),
    ).rejects.toThrow(/port/);
    await refused(`https://preview.test:${site.port}/page`, /name does not resolve/, {
      resolve: () => Promise.reject(new Error('nx')),
    });
  });
});
