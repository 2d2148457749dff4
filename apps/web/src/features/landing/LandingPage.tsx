/**
 * The landing page for signed-out visitors (part 1 §2): hero, About Us, Why Us, the social platform,
 * the monthly contest prizes, FAQ and, when the browser offers it, an install section. It ships in
 * the first bundle, so it stays light: drawn scenery instead of photos, MUI imported by path.
 */
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { usePublicConfig } from '../../lib/publicConfig';
import { AboutSection } from './AboutSection';
import { ContestSection } from './ContestSection';
import { FaqSection } from './FaqSection';
import { HeroSection } from './HeroSection';
import { InstallSection } from './InstallSection';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { SocialSection } from './SocialSection';
import { WhyUsSection } from './WhyUsSection';

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
        <AboutSection />
        <WhyUsSection />
        <SocialSection />
        <ContestSection contestUrl={config?.contestUrl} />
        <FaqSection />
        <InstallSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
