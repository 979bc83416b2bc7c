import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a screen may take to show its title after a navigation (a lazy page, its first data). */
const WAIT_MS = 3000;

/**
 * After each navigation to another screen (and after signing in), the focus moves to the new
 * screen's title, its `<h1>`: a screen reader reads where the user arrived, and Tab continues from
 * the top of the new content rather than from a link that is gone (or from `<body>`). Only the path
 * counts: a filter or a month kept in the query changes no screen. When something else takes the
 * focus first (a field with autofocus, a dialog), it keeps it.
 */
export function useFocusTitleOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    const initial = lastPath.current === null;
    lastPath.current = pathname;
    const before = document.activeElement;
    // A page opened by its address (or reloaded) starts at the top, its first Tab on 'Saltar al
    // contenido'; signing in (a navigation inside the app) lands on the title.
    if (initial && navigationType === 'POP') return;
    const started = performance.now();
    let frame = 0;
    let focusedTitle: HTMLElement | null = null;
    // Watched for a while: a loading screen's title may give way to the loaded screen's.
    const tryFocus = () => {
      const now = document.activeElement;
      const untouched = now === null || now === document.body || now === before || !now.isConnected;
      if (now !== focusedTitle && !untouched) return;
      const title = document.querySelector<HTMLElement>('#contenido h1');
      if (title && title !== now) {
        title.tabIndex = -1;
        title.focus();
        focusedTitle = title;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, navigationType]);
}
