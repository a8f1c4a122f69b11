import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Root } from './app/root';
import { preloadRoute } from './app/router';
import { SESSION_KEY, type CurrentUser } from './app/session';

// The first view's page chunk downloads while the session is read, not after.
preloadRoute(window.location.pathname);

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: true, staleTime: 15_000 } },
});

// The server puts the signed-in user (as /api/me answers) in the page (src/server/http/app-shell.ts),
// so the first view renders without waiting for /api/me; without it the app asks as before.
const embedded = document.getElementById('auna-session');
if (embedded?.textContent) {
  try {
    queryClient.setQueryData<CurrentUser | null>(SESSION_KEY, JSON.parse(embedded.textContent) as CurrentUser | null);
  } catch {
    // a broken block: /api/me decides
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
