import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { sessionQuery, type CurrentUser } from './api/session';
import { FIRST_VIEW_DATA, type FirstViewQuery } from './app/first-views';
import { Root } from './app/root';
import { preloadRoute } from './app/router';
import { matchPageRoute, viewerOf } from './app/routes';
import { apiClient } from './lib/api';

// The first view of the client's pages, rendered on the server (built by `vite build --ssr` into
// dist/ssr and called by src/server/http/app-shell.ts) so a phone paints the real page from the
// HTML instead of after the scripts have downloaded and run; main.tsx then hydrates it
// (docs/decisions/014-first-view-rendered-on-the-server.md). It renders the same components, with
// the data the page would fetch first already in the query cache (the page's own queries, run
// here against the server app), and hands that data to the page so the browser starts from the
// same cache.

export type QueryEntry = [key: readonly unknown[], data: unknown];
export type FirstView = { html: string; queries: QueryEntry[] };
/** A fetch that reaches the server's API for this request's user (its cookie): the server app itself. */
export type FetchApi = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// The API's base as the server app answers it in-process (src/server/app.ts: `app.request`).
const API_BASE = 'http://localhost/api';

/**
 * What the first view of `pathname` reads, or null for a page left to the browser: the routes of
 * app/routes.ts with a `firstView` for this viewer (only viewers the page renders for without a
 * redirect: the guards of app/router.tsx, and the home page's, which sends staff to their portals),
 * their data as app/first-views.ts names it.
 */
function firstViewOf(pathname: string, user: CurrentUser | null, fetchApi: FetchApi): FirstViewQuery[] | null {
  const match = matchPageRoute(pathname);
  const data = match && FIRST_VIEW_DATA[match.route.path];
  if (!match?.route.firstView?.for.includes(viewerOf(user)) || !data) return null;
  return data(match.params, apiClient(API_BASE, fetchApi));
}

/** The first view of `url` (path and query) for `user`, or null when the browser should render it. */
export async function renderFirstView(url: string, user: CurrentUser | null, fetchApi: FetchApi): Promise<FirstView | null> {
  const pathname = url.split(/[?#]/)[0]!;
  const wanted = firstViewOf(pathname, user, fetchApi);
  if (!wanted) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  try {
    const [loaded] = await Promise.all([Promise.allSettled(wanted.map((q) => q.fetchInto(queryClient))), preloadRoute(pathname, user)]);
    // A page whose data failed (an unknown service...) is left to the browser, which shows the error.
    if (loaded.some((r) => r.status === 'rejected')) return null;
    const queries: QueryEntry[] = wanted.map((q) => [q.queryKey, queryClient.getQueryData(q.queryKey)]);
    queryClient.setQueryData(sessionQuery().queryKey, user);
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
