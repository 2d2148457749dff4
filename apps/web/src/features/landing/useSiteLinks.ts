/**
 * The landing page's external links (contest site, sister site). The server writes them into the
 * pre-rendered landing page it sends (`<meta name="sajha-links">`, see apps/server/src/web/static.ts), so
 * they are known at the first render; otherwise (the plain app page) they come from the public config.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { LANDING_LINKS_META } from '@sajha/contract';
import { loadPublicConfig } from '../../lib/publicConfig';

export interface SiteLinks {
  contestUrl: string;
  sisterSiteUrl: string;
}

/** Set only by the build's pre-render, which has no page to read the links from. */
export const SiteLinksContext = createContext<SiteLinks | null>(null);

function linksInPage(): SiteLinks | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector(`meta[name="${LANDING_LINKS_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const { contestUrl, sisterSiteUrl } = JSON.parse(content) as Partial<SiteLinks>;
    return typeof contestUrl === 'string' && typeof sisterSiteUrl === 'string' ? { contestUrl, sisterSiteUrl } : null;
  } catch {
    return null;
  }
}

export function useSiteLinks(): SiteLinks | null {
  const given = useContext(SiteLinksContext);
  const [links, setLinks] = useState(() => given ?? linksInPage());
  useEffect(() => {
    if (links) return;
    let live = true;
    void loadPublicConfig().then(({ contestUrl, sisterSiteUrl }) => live && setLinks({ contestUrl, sisterSiteUrl }));
    return () => {
      live = false;
    };
  }, [links]);
  return links;
}
