import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has entered the viewport, grown or shrunk by `rootMargin` (reveal
 * animations wait until it is 40 px in; a fetch can start before it shows); true at once without
 * IntersectionObserver.
 */
export function useInView<T extends Element>(rootMargin = '0px 0px -40px 0px') {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return [ref, inView] as const;
}

/** Below-the-fold data is fetched when its place comes within this distance of the screen. */
export const FETCH_AHEAD_MARGIN = '400px 0px';
