/**
 * The hardened headers of every answer, through @fastify/helmet. The Content-Security-Policy is strict:
 * scripts only from our own origin (the built app has no inline script; the offline page loads
 * /offline.js) and no inline handlers, no plugins, no framing by anyone. What it allows, and why:
 * - style-src 'unsafe-inline': MUI styles through emotion, which writes <style> tags at run time;
 *   styles cannot run code, and every script source stays closed.
 * - img-src https: data: blob:: link-preview and Google avatar images come from other sites; data: and
 *   blob: are the previews of a picked file before upload.
 * - media-src blob:: local camera and microphone previews and call streams.
 * - connect-src: our API and both sockets (ws/wss to our own host only).
 * - accounts.google.com: the Google sign-in script, its button frame and its style sheet.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE = 'https://accounts.google.com';

export async function securityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const origin = new URL(publicUrl);
  const https = origin.protocol === 'https:';
  // 'self' covers ws(s) to our host in current browsers; naming it keeps older ones working too.
  const sockets = `${https ? 'wss' : 'ws'}://${origin.host}`;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `${GOOGLE}/gsi/client`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", sockets, `${GOOGLE}/gsi/`],
        frameSrc: [`${GOOGLE}/gsi/`],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin images (previews, avatars) carry no CORP header, so COEP would break them.
    crossOriginEmbedderPolicy: false,
    // The call popup is our own origin; Google sign-in needs its popup to reach back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over plain http; send it only where it means something.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // Helmet has no Permissions-Policy: devices only for our own pages (calls), nothing else asked for.
  app.addHook('onSend', async (_req, reply) => {
    reply.header(
      'Permissions-Policy',
      'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
  });
}
