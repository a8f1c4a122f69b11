import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_DATA } from '../src/web/app/first-views';
import { AppRoutes } from '../src/web/app/router';
import { LAYOUT_MODULES, matchPageRoute, PAGE_ROUTES, REDIRECTS } from '../src/web/app/routes';
import { apiClient } from '../src/web/lib/api';

// ONE route table (src/web/app/routes.ts, docs/decisions/017-one-route-table.md): the browser's
// router (app/router.tsx), the server's page hints and first-view renderer (http/app-shell.ts,
// entry-server.tsx, both through matchPageRoute), the first views' data (app/first-views.ts) and
// the bundle budget must know the same paths. A page added to one of them only fails here.

const WEB = path.resolve('src/web');
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, 'id-123');

/** Every route of the router's tree with an element, as full paths (the pathless groups joined in). */
function routerPaths(): string[] {
  const routes = createRoutesFromChildren(AppRoutes().props.children);
  const out: string[] = [];
  const walk = (list: RouteObject[], base: string) => {
    for (const r of list) {
      const full = r.path === undefined ? base : r.path.startsWith('/') || r.path === '*' ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
      if (r.children?.length) walk(r.children, full);
      else if (r.path !== undefined || r.index) out.push(full);
    }
  };
  walk(routes, '');
  return out;
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('-page.tsx'))
    .map((e) => path.relative(WEB, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('the route table', () => {
  it('names page and layout modules that exist, each page once, and every page file under features/ has a route', () => {
    for (const r of PAGE_ROUTES) expect(existsSync(path.join(WEB, r.page)), r.page).toBe(true);
    for (const m of Object.values(LAYOUT_MODULES)) expect(existsSync(path.join(WEB, m)), m).toBe(true);
    const pages = PAGE_ROUTES.map((r) => r.page);
    expect(new Set(pages).size).toBe(pages.length);
    expect(new Set(PAGE_ROUTES.map((r) => r.path)).size).toBe(PAGE_ROUTES.length);
    expect(pageFiles(path.join(WEB, 'features')).sort()).toEqual([...pages].sort());
  });

  it("the browser's router serves exactly the table's paths (and its redirects, and '*')", () => {
    const expected = [...PAGE_ROUTES.map((r) => r.path), ...Object.keys(REDIRECTS), '*'];
    expect(routerPaths().sort()).toEqual(expected.sort());
  });

  it('the router and the server pick the same route for every path, known or not', () => {
    const routes = createRoutesFromChildren(AppRoutes().props.children);
    const probes = [...PAGE_ROUTES.map((r) => sample(r.path)), '/nope', '/book', '/book/a/b', '/admin/nope', '/employee/agenda/x', '/services/'];
    for (const p of probes) {
      const leaf = matchRoutes(routes, p)?.at(-1)?.route.path;
      const table = matchPageRoute(p)?.route.path;
      expect(table, p).toBe(leaf === '*' ? undefined : leaf);
    }
  });

  it('the first views rendered on the server are the budgeted ones: /login, /reservar, /, /services, /book/{id}', () => {
    const rendered = PAGE_ROUTES.filter((r) => r.firstView).map((r) => r.path);
    expect(rendered).toEqual(['/login', '/reservar', '/', '/services', '/book/:serviceId']);
    // test/bundle-budget.test.ts budgets exactly these (it reads the same table).
    // Staff code never renders on the server for a client's first view.
    for (const r of PAGE_ROUTES.filter((x) => x.firstView)) expect(r.layout === 'employee' || r.layout === 'admin').toBe(false);
  });

  it('every first view has its data in app/first-views.ts, and only first views do', () => {
    const firstViews = PAGE_ROUTES.filter((r) => r.firstView).map((r) => r.path);
    expect(Object.keys(FIRST_VIEW_DATA).sort()).toEqual([...firstViews].sort());
  });

  it("a first view's data is the page's own queries, read from the API with the page's own params", async () => {
    const book = matchPageRoute('/book/a%20b');
    expect(book?.params).toEqual({ serviceId: 'a b' });
    expect(matchPageRoute('/book/%E0%A4%A')).toBeUndefined();
    // The queries run through the client they are given (on the server: the app itself, entry-server.tsx).
    const asked: string[] = [];
    const mine = { appointments: [], cap: { futureConfirmed: 0, max: 4 } };
    const answers: Record<string, unknown> = { service: { service: { id: 'a b' } }, professionals: { professionals: [] }, mine };
    const client = apiClient('http://localhost/api', async (input) => {
      const { pathname } = new URL(String(input));
      asked.push(pathname);
      return Response.json(answers[pathname.endsWith('/professionals') ? 'professionals' : pathname.endsWith('/my-appointments') ? 'mine' : 'service']);
    });
    const queries = FIRST_VIEW_DATA[book!.route.path]!(book!.params, client);
    expect(queries.map((q) => q.queryKey)).toEqual([
      ['catalog', 'service', 'a b'],
      ['catalog', 'professionals', 'a b'],
      ['my-appointments'],
    ]);
    const cache = new QueryClient();
    await Promise.all(queries.map((q) => q.fetchInto(cache)));
    expect(asked.sort()).toEqual(['/api/catalog/services/a%20b', '/api/catalog/services/a%20b/professionals', '/api/my-appointments']);
    expect(cache.getQueryData(['my-appointments'])).toEqual(mine);
    expect(cache.getQueryData(['catalog', 'service', 'a b'])).toEqual({ id: 'a b' });
    expect(cache.getQueryData(['catalog', 'professionals', 'a b'])).toEqual([]);
  });
});
