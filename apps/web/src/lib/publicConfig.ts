/** Public, non-secret settings from the server (external links, Google client id). Fetched once. */
import { useEffect, useState } from 'react';
import { Routes } from '@sajha/contract';
import { call } from './http';

export interface PublicConfig {
  appName: string;
  contestUrl: string;
  sisterSiteUrl: string;
  googleClientId: string | null;
  vapidPublicKey?: string;
}

const FALLBACK: PublicConfig = { appName: 'Sajha', contestUrl: '#', sisterSiteUrl: '#', googleClientId: null };
let cached: Promise<PublicConfig> | null = null;

export function loadPublicConfig(): Promise<PublicConfig> {
  cached ??= call(Routes.config)
    .then((r) => (r.ok ? (r.data as unknown as PublicConfig) : FALLBACK))
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
