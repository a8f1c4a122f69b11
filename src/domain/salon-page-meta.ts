import { escapeHtml } from './html';
import type { OpeningLine } from './public-page';
import type { DayKey } from './weekly-schedule';

// The public page's link preview and what search engines read (ADR 080): Open Graph tags and a
// schema.org BeautySalon in JSON-LD, written into the page's <head> by the server, so WhatsApp,
// Instagram and Google see them without running a script. Pure: the server gives the salon's
// profile and its own public address.

export type SalonProfileForMeta = {
  name: string;
  address: string;
  /** E.164, or null when the salon has no valid phone. */
  phone: string | null;
  hours: OpeningLine[] | null;
  services: Array<{ name: string; description: string; price: number; duration: number }>;
};

const SCHEMA_DAY: Record<DayKey, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** "Reserva online: Limpieza facial (45 min, 50,00 €), …" in at most ~160 characters. */
export function salonDescription(p: SalonProfileForMeta): string {
  const head = `Reserva tu cita en ${p.name}${p.address ? `, ${p.address}` : ''}.`;
  const list = p.services.slice(0, 4).map((s) => s.name).join(', ');
  const text = list ? `${head} ${list}${p.services.length > 4 ? ' y más' : ''}.` : head;
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** schema.org BeautySalon, as Google's structured data reads a local business. */
export function salonJsonLd(p: SalonProfileForMeta, pageUrl: string, imageUrl: string): Record<string, unknown> {
  const hours = (p.hours ?? []).flatMap((l) =>
    (l.hours ?? '')
      .split(', ')
      .filter(Boolean)
      .map((span) => {
        const [opens, closes] = span.split('–');
        return { '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${SCHEMA_DAY[l.day]}`, opens, closes };
      }),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    name: p.name,
    url: pageUrl,
    image: imageUrl,
    ...(p.address ? { address: { '@type': 'PostalAddress', streetAddress: p.address, addressCountry: 'ES' } } : {}),
    ...(p.phone ? { telephone: p.phone } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    currenciesAccepted: 'EUR',
    potentialAction: { '@type': 'ReserveAction', target: pageUrl },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Servicios',
      itemListElement: p.services.map((s) => ({
        '@type': 'Offer',
        price: s.price.toFixed(2),
        priceCurrency: 'EUR',
        itemOffered: { '@type': 'Service', name: s.name, ...(s.description ? { description: s.description } : {}) },
      })),
    },
  };
}

/** JSON inside a <script> data block: only "</script" could end it early; \u003c keeps it JSON. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <head> lines of the public page: title, description, Open Graph, Twitter's card and the JSON-LD. */
export function salonHeadHtml(p: SalonProfileForMeta, pageUrl: string, imageUrl: string): string {
  const title = `${p.name} · Reserva tu cita online`;
  const description = salonDescription(p);
  const attr = escapeHtml;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(description)}">`,
    `<link rel="canonical" href="${attr(pageUrl)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="es_ES">`,
    `<meta property="og:site_name" content="${attr(p.name)}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(description)}">`,
    `<meta property="og:url" content="${attr(pageUrl)}">`,
    `<meta property="og:image" content="${attr(imageUrl)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${attr(`${p.name}: reserva tu cita online`)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<script type="application/ld+json">${scriptJson(salonJsonLd(p, pageUrl, imageUrl))}</script>`,
  ].join('\n    ');
}

