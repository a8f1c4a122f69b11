import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Root } from './app/root';
import { preloadRoute } from './app/router';
import { sessionQuery, type CurrentUser } from './api/session';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: true, staleTime: 15_000 } },
});

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // a broken block: the app asks the API itself
  }
}

// The server puts the signed-in user (as /api/me answers) in the page (src/server/http/app-shell.ts),
// so the first view renders without waiting for /api/me; without it the app asks as before.
const session = readJson('auna-session') as CurrentUser | null | undefined;
if (session !== undefined) queryClient.setQueryData(sessionQuery().queryKey, session);

// The first view's page chunk (and the parts it renders for this viewer) downloads now, not
// after the app has asked who is signed in.
const pageLoaded = preloadRoute(window.location.pathname, session);

// When the server rendered the first view (entry-server.tsx) it also sent the data it rendered
// with: the same cache here, so the hydrating render matches the HTML and refetches nothing.
const firstView = readJson('auna-first-view') as Array<[readonly unknown[], unknown]> | undefined;
for (const [key, data] of firstView ?? []) queryClient.setQueryData(key, data);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (firstView) {
  // Hydrate once the page's chunk is here, so the page does not suspend over the server's markup,
  // in a task of its own: the browser may handle input between loading the scripts and this.
  // As a transition (ADR 040): React then hydrates in slices of a few milliseconds and yields to
  // the browser between them, instead of one long task a slow phone cannot answer a tap during;
  // a tap on a part not yet hydrated makes React hydrate that part first. Once the page's
  // boundary is hydrated, public/boot.js replays what was typed and tapped before
  // (app/page-hydrated.tsx).
  void pageLoaded.then(() => setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0));
} else {
  createRoot(root).render(app);
}
