/**
 * The landing page for signed-out visitors (part 1 §2): hero, About Us, Why Us, the social platform,
 * the monthly contest prizes, FAQ and, when the browser offers it, an install section; a top bar and a
 * footer. It sits in the first bundle, so it stays light: drawn scenery instead of photos, MUI imported
 * by path, and only the bar and hero loaded eagerly.
 */
import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeroSection } from './HeroSection';
import type * as LandingMoreModule from './LandingMore';
import { LandingNav } from './LandingNav';
import { useSiteLinks } from './useSiteLinks';

let more: typeof LandingMoreModule | undefined;
/**
 * The sections below the hero. The build's pre-render and the browser hydrating it both load them first
 * (prerender.tsx, main.tsx), so the page is one piece with no Suspense boundary: a boundary is hydrated
 * on its own, and the theme's first update after mounting made React hydrate it in one long blocking
 * task (or, while it was still loading, throw it away and draw it again).
 */
export const loadLandingMore = () => import('./LandingMore').then((module) => (more = module));
const LazyMore = lazy(() => loadLandingMore().then((module) => ({ default: module.default })));
const LazyFooter = lazy(() => loadLandingMore().then((module) => ({ default: module.LandingFooter })));

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const links = useSiteLinks();
  // Decided once per mount, so the tree never changes shape (which would remount the sections).
  const [loaded] = useState(() => more);
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);
  const Sections = loaded?.default;
  const Footer = loaded?.LandingFooter;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <LandingNav sisterSiteUrl={links?.sisterSiteUrl} />
      <Box component="main" sx={{ flex: 1 }}>
        <HeroSection />
        {Sections ? (
          <Sections contestUrl={links?.contestUrl} />
        ) : (
          <Suspense fallback={null}>
            <LazyMore contestUrl={links?.contestUrl} />
          </Suspense>
        )}
      </Box>
      {Footer ? (
        <Footer />
      ) : (
        <Suspense fallback={null}>
          <LazyFooter />
        </Suspense>
      )}
    </Box>
  );
}
