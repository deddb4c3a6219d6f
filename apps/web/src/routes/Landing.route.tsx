import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/SkipLink.tsx';
import { AboutSection } from '../features/landing/AboutSection.tsx';
import { CtaSection } from '../features/landing/CtaSection.tsx';
import { FeaturesSection } from '../features/landing/FeaturesSection.tsx';
import { HeroSection } from '../features/landing/HeroSection.tsx';
import { LandingFooter } from '../features/landing/LandingFooter.tsx';
import { LandingHeader } from '../features/landing/LandingHeader.tsx';
import { StatsSection } from '../features/landing/StatsSection.tsx';

/** / : the public landing page. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('app.name')} · ${t('app.subtitle')}`);
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <HeroSection />
        <AboutSection />
        <FeaturesSection />
        <StatsSection />
        <CtaSection />
      </main>
      <LandingFooter />
    </>
  );
}
