/**
 * Cross-site request refusal for state-changing HTTP calls and socket handshakes. A browser always
 * sends Origin on those; it must be our public origin or the very host the request was sent to.
 * Requests without Origin come from non-browser clients, which cannot carry a visitor's cookie.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  if (origin === 'null') return false;
  try {
    const o = new URL(origin);
    if (o.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && o.host === host;
  } catch {
    return false;
  }
}
