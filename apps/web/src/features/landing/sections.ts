/** In-page sections of the landing page and their navigation labels. */
export const LANDING_SECTIONS = [
  { id: 'about', label: 'landing.nav.about' },
  { id: 'features', label: 'landing.nav.features' },
  { id: 'stats', label: 'landing.nav.stats' },
  { id: 'get-started', label: 'landing.nav.getStarted' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** Smoothly scrolls to a section (instantly when the user prefers reduced motion). */
export function scrollToSection(id: LandingSectionId) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
