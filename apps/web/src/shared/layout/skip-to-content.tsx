import type { MouseEvent } from 'react';
import classes from './skip-to-content.module.css';

/** The id of each page's main region: the target of "Skip to main content". */
export const MAIN_CONTENT_ID = 'main-content';

/** Props for the element that is a page's main region: the skip link's target, focusable only from script. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * The first focusable element of every page with a header or sidebar (WCAG 2.4.1): hidden until a keyboard reaches
 * it, it moves focus past the navigation to the main region without changing the address.
 */
export function SkipToContent() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  }
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
