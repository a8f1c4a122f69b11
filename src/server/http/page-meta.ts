import { z } from 'zod';
import { salonHeadHtml } from '../../domain/salon-page-meta';
import type { FetchApi } from './app-shell';

// The <head> of the pages that have their own (ADR 080): the public page's title, description,
// Open Graph tags and BeautySalon JSON-LD, from the API's own answer (GET /api/public-page, asked
// in-process like the first views), so a link preview or a crawler reads them without a script.

/** The public page's path, and its preview image (src/web/public/og-reservar.png, shipped with the app). */
export const PUBLIC_PAGE_PATH = '/reservar';
const OG_IMAGE = '/og-reservar.png';

// What the head needs of GET /api/public-page (features/public-page): read, not trusted blindly.
const Profile = z.object({
  salon: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable() }),
  hours: z.array(z.object({ day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), label: z.string(), hours: z.string().nullable() })).nullable(),
  categories: z.array(z.object({ services: z.array(z.object({ name: z.string(), description: z.string(), price: z.number(), duration: z.number() })) })),
});

/** The head lines for `pathname`, or null for a page with the template's own (any failure too: the page still serves). */
export async function pageHead(pathname: string, fetchApi: FetchApi, publicUrl: string): Promise<string | null> {
  if (pathname !== PUBLIC_PAGE_PATH) return null;
  const res = await fetchApi('http://localhost/api/public-page');
  if (!res.ok) return null;
  const parsed = Profile.safeParse(await res.json());
  if (!parsed.success) return null;
  const { salon, hours, categories } = parsed.data;
  const origin = publicUrl.replace(/\/+$/, '');
  return salonHeadHtml(
    { name: salon.name, address: salon.address, phone: salon.phone, hours, services: categories.flatMap((c) => c.services) },
    `${origin}${PUBLIC_PAGE_PATH}`,
    `${origin}${OG_IMAGE}`,
  );
}
