import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of each layout's `<main>`, which takes focus (tabIndex -1) when the skip link is followed. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first focusable element of every page, hidden until it has keyboard focus. Following
 * it moves focus into the page's `<main>`, so the next Tab starts in the content instead of the header links.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus directly: the address keeps no #fragment, and the router sees no navigation.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skip} onClick={skip}>
      {t('common.skipToContent')}
    </a>
  );
}
