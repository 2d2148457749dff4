/**
 * Where a signed-in user who opens /signin?next=... may be sent (part 1 §2): a path on this site, or
 * an http(s) URL whose host is the product's host or a real subdomain of it. Anything else gives '/'.
 * "evil-sajha.com" ends with "sajha.com" but is not a subdomain, so it is refused.
 */
export function safeNextUrl(next: string | null | undefined, appHost: string): string {
  if (!next) return '/';
  const value = next.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
    return /[\u0000-\u001f]/.test(value) ? '/' : value;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '/';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '/';
  if (url.username || url.password) return '/';
  const host = url.hostname.toLowerCase();
  const own = appHost.toLowerCase();
  return host === own || host.endsWith(`.${own}`) ? url.toString() : '/';
}
