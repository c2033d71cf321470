import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/**
 * The first stop of the Tab key: moves focus past the header and navigation to the page (WCAG 2.4.1); shown only
 * while focused. The target needs tabIndex -1. Focus moves by script so the URL (and the router) keeps no `#hash`.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className={classes.link} href={`#${targetId}`} onClick={handleClick}>
      Skip to main content
    </a>
  );
}
