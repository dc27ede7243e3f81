import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is on screen or within `rootMargin` of it, and never before the page's first paint.
 * Heavy content (a chart.js canvas) is fetched and drawn only when the user can see it: the first load paints
 * the light content (cards, figures) without the heavy library's long tasks. Without
 * IntersectionObserver (jsdom, very old browsers) it turns true right after the first paint. Stays true.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    let observer: IntersectionObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the browser paints what is already there before anything heavy starts.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const element = ref.current;
        if (!element || typeof IntersectionObserver === 'undefined') {
          setNear(true);
          return;
        }
        observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              observer?.disconnect();
              setNear(true);
            }
          },
          { rootMargin },
        );
        observer.observe(element);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [near, ref, rootMargin]);
  return near;
}
