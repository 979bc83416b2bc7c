import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The height that takes an element from where it starts down to the window's bottom edge (less
 * `gap`), at least `min`: followed when the window is resized and when the page above it changes
 * (a banner closed). A phone's screen shows the whole thread with its composer this way.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min: number, gap = 16): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [ref, min, gap]);
  return height;
}
