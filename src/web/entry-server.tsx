import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Root } from './app/root';
import { preloadRoute } from './app/router';
import { matchPageRoute, viewerOf, type FirstViewQuery } from './app/routes';
import { SESSION_KEY, type CurrentUser } from './lib/session';

// The first view of the client's pages, rendered on the server (built by `vite build --ssr` into
// dist/ssr and called by src/server/http/app-shell.ts) so a phone paints the real page from the
// HTML instead of after the scripts have downloaded and run; main.tsx then hydrates it
// (docs/decisions/014-first-view-rendered-on-the-server.md). It renders the same components, with
// the data the page would fetch first already in the query cache, and hands that data to the page
// so the browser starts from the same cache.

export type QueryEntry = [key: readonly unknown[], data: unknown];
export type FirstView = { html: string; queries: QueryEntry[] };
/** The API's JSON answer for `path` (e.g. '/api/catalog/services') for this request's user, or undefined when not 2xx. */
export type GetJson = (path: string) => Promise<unknown>;

/**
 * What the first view of `pathname` reads, or null for a page left to the browser: the routes of
 * app/routes.ts with a `firstView` for this viewer (only viewers the page renders for without a
 * redirect: the guards of app/router.tsx, and the home page's, which sends staff to their portals).
 */
function firstViewOf(pathname: string, user: CurrentUser | null): FirstViewQuery[] | null {
  const match = matchPageRoute(pathname);
  const firstView = match?.route.firstView;
  if (!match || !firstView || !firstView.for.includes(viewerOf(user))) return null;
  return firstView.data(match.params);
}

/** The first view of `url` (path and query) for `user`, or null when the browser should render it. */
export async function renderFirstView(url: string, user: CurrentUser | null, getJson: GetJson): Promise<FirstView | null> {
  const pathname = url.split(/[?#]/)[0]!;
  const wanted = firstViewOf(pathname, user);
  if (!wanted) return null;
  const [bodies] = await Promise.all([Promise.all(wanted.map((q) => getJson(q.api))), preloadRoute(pathname)]);
  const queries: QueryEntry[] = [];
  for (const [i, q] of wanted.entries()) {
    const body = bodies[i] as Record<string, unknown> | undefined;
    // A page whose data failed (an unknown service...) is left to the browser, which shows the error.
    if (!body || !(q.field in body)) return null;
    queries.push([q.key, body[q.field]]);
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(SESSION_KEY, user);
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  try {
    // prerender (react-dom/static) waits for every Suspense boundary to resolve and answers the
    // complete markup: no fallback in the HTML. With no chunk size limit, every boundary is written
    // in place; otherwise a large one (the home page is over React's 12.8 KB default) is written
    // after the shell with an inline script to move it in, which the page's CSP (script-src
    // 'self') refuses (docs/decisions/016-react-19-runtime.md).
    const { prelude } = await prerender(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <Root />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    return { html, queries };
  } finally {
    queryClient.clear();
  }
}
