import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { professionalsQuery, serviceQuery } from '../api/booking';
import { activeServicesQuery } from '../api/catalog';
import { myAppointmentsQuery } from '../api/my-account';
import { publicPageQuery } from '../api/public-page';
import type { ApiClient } from '../lib/api';

// What each first view of the route table (app/routes.ts, `firstView`) reads first: the page's own
// queries (src/web/api/), so the server renders it from the same keys and fetches the page's
// hooks read. Web-only (the server imports routes.ts, never the API client): entry-server.tsx
// runs these with a client whose requests go to the server app itself, with the request's cookie
// (docs/decisions/014-first-view-rendered-on-the-server.md). test/route-table.test.ts checks that
// every first view of the table has an entry here and nothing else does.

/** One answer a first view reads: the key the page's useQuery reads it under, and how to fetch it into a cache. */
export type FirstViewQuery = { queryKey: QueryKey; fetchInto: (queryClient: QueryClient) => Promise<unknown> };

/**
 * A page's query (a queryOptions() of src/web/api/, typed there) as a first view reads it: once,
 * with no retries (a failure leaves the page to the browser). Here only its key and its fetch
 * matter, whatever its data's type.
 */
function read(options: { queryKey: QueryKey; queryFn?: unknown }): FirstViewQuery {
  return { queryKey: options.queryKey, fetchInto: (queryClient) => queryClient.fetchQuery({ ...(options as FetchQueryOptions), retry: false }) };
}

type Params = Record<string, string>;

/** Route pattern -> the queries its first view reads, for the route's params, through `client`. */
export const FIRST_VIEW_DATA: Readonly<Record<string, (params: Params, client: ApiClient) => FirstViewQuery[]>> = {
  '/login': () => [],
  '/': (_params, client) => [read(activeServicesQuery(client))],
  '/services': (_params, client) => [read(activeServicesQuery(client))],
  // Her appointments too: at her cap the notice is in the HTML above the steps (booking/cap-notice.tsx).
  '/book/:serviceId': ({ serviceId = '' }, client) => [read(serviceQuery(serviceId, client)), read(professionalsQuery(serviceId, client)), read(myAppointmentsQuery(client))],
  '/reservar': (_params, client) => [read(publicPageQuery(client))],
};
