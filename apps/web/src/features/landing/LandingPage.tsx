/**
 * The landing page for signed-out visitors (part 1 §2): hero, About Us, Why Us, the social platform,
 * the monthly contest prizes, FAQ and, when the browser offers it, an install section; a top bar and a
 * footer. It sits in the first bundle, so it stays light: drawn scenery instead of photos, MUI imported
 * by path, and only the bar and hero loaded eagerly.
 */
import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { usePublicConfig } from '../../lib/publicConfig';
import { HeroSection } from './HeroSection';
import { LandingNav } from './LandingNav';

const loadMore = () => import('./LandingMore');
const LandingMore = lazy(loadMore);
const LandingFooter = lazy(() => loadMore().then((module) => ({ default: module.LandingFooter })));

export default function LandingPage() {
  const config = usePublicConfig();
  useEffect(() => {
    document.title = 'Sajha — connecting people';
  }, []);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <LandingNav sisterSiteUrl={config?.sisterSiteUrl} />
      <Box component="main" sx={{ flex: 1 }}>
        <HeroSection />
        <Suspense fallback={null}>
          <LandingMore contestUrl={config?.contestUrl} />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </Box>
  );
}
