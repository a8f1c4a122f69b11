import { useEffect } from 'react';

let announced = false;

/**
 * Rendered beside each page inside the page's Suspense boundary (app/router.tsx). Its effect runs
 * once that boundary has been committed: on a server-rendered first view, that is when the page's
 * markup has been hydrated. React hydrates a Suspense boundary in a pass of its own after the
 * root's, so an effect at the root would speak too early. It tells public/boot.js, which then
 * replays what was typed and tapped before ('auna:hydrated'; once per page load). It renders
 * nothing, on the server as in the browser.
 */
export function PageHydrated() {
  useEffect(() => {
    if (announced) return;
    announced = true;
    document.dispatchEvent(new Event('auna:hydrated'));
  }, []);
  return null;
}
