/**
 * Everything below the hero. It is split from the first bundle: the hero paints from the main chunk
 * while this loads in parallel, and members who are sent straight to /home never download it.
 */
import { useEffect } from 'react';
import { AboutSection } from './AboutSection';
import { ContestSection } from './ContestSection';
import { FaqSection } from './FaqSection';
import { InstallSection } from './InstallSection';
import { SocialSection } from './SocialSection';
import { WhyUsSection } from './WhyUsSection';

export { LandingFooter } from './LandingFooter';

export default function LandingMore({ contestUrl }: { contestUrl?: string }) {
  // A deep link such as '/#faq' arrives before these sections exist, so scroll once they do.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <AboutSection />
      <WhyUsSection />
      <SocialSection />
      <ContestSection contestUrl={contestUrl} />
      <FaqSection />
      <InstallSection />
    </>
  );
}
