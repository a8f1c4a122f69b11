import { describe, expect, it } from 'vitest';
import { openingLines } from './public-page';
import { salonDescription, salonHeadHtml, type SalonProfileForMeta } from './salon-page-meta';
import { defaultWeeklySchedule } from './weekly-schedule';

const week = defaultWeeklySchedule();
week.tuesday.breaks = [{ start: '14:00', end: '16:00' }];
const profile: SalonProfileForMeta = {
  name: 'Auna <Estética> & "Belleza"',
  address: 'Calle Mayor 3, Tomelloso',
  phone: '+34926123456',
  hours: openingLines(week),
  services: [
    { name: 'Limpieza facial', description: 'Piel </script> limpia', price: 50, duration: 60 },
    { name: 'Manicura', description: '', price: 18.5, duration: 30 },
  ],
};

/** The JSON-LD block of a head, parsed as a search engine would. */
function jsonLdOf(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

describe('salonHeadHtml', () => {
  const html = salonHeadHtml(profile, 'https://auna.example/reservar', 'https://auna.example/og-reservar.png');

  it('writes Open Graph tags with the salon escaped', () => {
    expect(html).toContain('<meta property="og:title" content="Auna &lt;Estética&gt; &amp; &quot;Belleza&quot; · Reserva tu cita online">');
    expect(html).toContain('<meta property="og:image" content="https://auna.example/og-reservar.png">');
    expect(html).toContain('<meta property="og:url" content="https://auna.example/reservar">');
    expect(html).toMatch(/<meta property="og:description" content="Reserva tu cita en [^"]+">/);
  });

  it('carries a valid BeautySalon JSON-LD that no text can close early', () => {
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const ld = jsonLdOf(html);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('BeautySalon');
    expect(ld.name).toBe(profile.name);
    expect(ld.telephone).toBe('+34926123456');
    expect(ld.address).toEqual({ '@type': 'PostalAddress', streetAddress: 'Calle Mayor 3, Tomelloso', addressCountry: 'ES' });
    const hours = ld.openingHoursSpecification as Array<Record<string, string>>;
    expect(hours.filter((h) => h.dayOfWeek === 'https://schema.org/Tuesday').map((h) => [h.opens, h.closes])).toEqual([
      ['09:00', '14:00'],
      ['16:00', '17:00'],
    ]);
    expect(hours.some((h) => h.dayOfWeek === 'https://schema.org/Saturday')).toBe(false);
    const offers = (ld.hasOfferCatalog as { itemListElement: Array<{ price: string; priceCurrency: string; itemOffered: { name: string; description?: string } }> }).itemListElement;
    expect(offers.map((o) => [o.itemOffered.name, o.price, o.priceCurrency])).toEqual([
      ['Limpieza facial', '50.00', 'EUR'],
      ['Manicura', '18.50', 'EUR'],
    ]);
    expect(offers[0]!.itemOffered.description).toBe('Piel </script> limpia');
  });

  it('leaves out what the salon has not set', () => {
    const ld = jsonLdOf(salonHeadHtml({ ...profile, address: '', phone: null, hours: null }, 'https://a.example/reservar', 'https://a.example/og.png'));
    expect(ld).not.toHaveProperty('address');
    expect(ld).not.toHaveProperty('telephone');
    expect(ld).not.toHaveProperty('openingHoursSpecification');
  });
});

describe('salonDescription', () => {
  it('names the first services and stays short', () => {
    expect(salonDescription(profile)).toBe('Reserva tu cita en Auna <Estética> & "Belleza", Calle Mayor 3, Tomelloso. Limpieza facial, Manicura.');
    const many = { ...profile, services: Array.from({ length: 9 }, (_, i) => ({ name: `Tratamiento muy largo número ${i}`, description: '', price: 1, duration: 30 })) };
    expect(salonDescription(many).length).toBeLessThanOrEqual(160);
  });
});
