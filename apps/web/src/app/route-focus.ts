import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Put focus on the page's main heading (the `<h1>` in `<main>`), so a screen reader announces the
 * new page and the next Tab starts from its top. The heading is made focusable (tabindex -1) without
 * an outline: it is not a control, and a mouse user sees nothing jump. A screen still loading shows
 * its heading a moment later: until then the page is watched, and any key or pointer press by the
 * user first cancels the move. Answers a function that stops watching.
 */
export function focusPageHeading(): () => void {
  const focusHeading = () => {
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) {
      heading.tabIndex = -1;
      heading.classList.add('focus:outline-none');
    }
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => undefined;

  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  function stop() {
    observer.disconnect();
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}

/**
 * On every client-side navigation to another path, focus moves to the new page's heading
 * (docs/product/screens.md#quality-bar). Not on the first page load: there the browser starts at the
 * top of the document (the skip link first) and a screen's own autofocus applies.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    return focusPageHeading();
  }, [pathname]);
}
