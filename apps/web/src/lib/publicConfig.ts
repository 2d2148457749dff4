/**
 * Public, non-secret settings from the server (external links, Google client id). Fetched once. The
 * typed client and the route table (with every zod schema) load on demand: the landing page's first
 * script stays small.
 */
import { useEffect, useState } from 'react';
import type { PublicSignup } from '@sajha/contract';

export interface PublicConfig {
  appName: string;
  contestUrl: string;
  sisterSiteUrl: string;
  googleClientId: string | null;
  vapidPublicKey?: string;
  /** The sign-up mode and whether sign-up, resend and reset carry the bot check. */
  signup?: PublicSignup;
}

const FALLBACK: PublicConfig = { appName: 'Sajha', contestUrl: '#', sisterSiteUrl: '#', googleClientId: null };
let cached: Promise<PublicConfig> | null = null;

export function loadPublicConfig(): Promise<PublicConfig> {
  cached ??= import('./routesClient')
    .then(({ Routes, call }) => call(Routes.config))
    .then((r) => (r.ok ? r.data : FALLBACK))
    .catch(() => FALLBACK);
  return cached;
}

export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
