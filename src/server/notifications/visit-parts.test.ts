import { describe, expect, it } from 'vitest';
import { visitPartsPhrase, visitPartText, visitSummary, type VisitPartLine } from './visit-parts';

// A visit's one confirmation (ADR 093): its parts as lines, as one phrase for WhatsApp and SMS,
// and the whole visit for the mail's card. Times on the salon's clock (Madrid, CET in January).

const part = (serviceName: string, employeeName: string, start: string, end: string, price: number): VisitPartLine => ({
  serviceName,
  employeeName,
  start: new Date(start),
  end: new Date(end),
  duration: (Date.parse(end) - Date.parse(start)) / 60_000,
  price,
});

const manicure = part('Manicura', 'Ana Ruiz', '2026-01-19T09:00:00Z', '2026-01-19T09:45:00Z', 22);
const pedicure = part('Pedicura', 'Eva Sanz', '2026-01-19T09:00:00Z', '2026-01-19T10:00:00Z', 30.5);
const brows = part('Cejas', 'Ana Ruiz', '2026-01-19T10:00:00Z', '2026-01-19T10:20:00Z', 12.5);

describe('a visit in its one confirmation', () => {
  it('writes each part with its time on the salon clock and who does it', () => {
    expect(visitPartText(manicure)).toBe('Manicura, 10:00, con Ana Ruiz');
  });

  it.each([
    [[manicure, pedicure], 'Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)'],
    [[manicure, pedicure, brows], 'Manicura (10:00, con Ana Ruiz), Pedicura (10:00, con Eva Sanz) y Cejas (11:00, con Ana Ruiz)'],
  ])('puts the parts in one phrase for a message with one place for the service', (parts, phrase) => {
    expect(visitPartsPhrase(parts)).toBe(phrase);
  });

  it('is one appointment for the card: its services, who (once each), its span to the last end, its price to the cent', () => {
    expect(visitSummary([manicure, pedicure, brows])).toEqual({
      serviceName: 'Manicura + Pedicura + Cejas',
      employeeName: 'Ana Ruiz y Eva Sanz',
      serviceDuration: 80,
      price: 65,
      start: manicure.start,
      end: brows.end,
    });
    // At the same time: the longer part decides how long she stays.
    expect(visitSummary([manicure, pedicure]).serviceDuration).toBe(60);
  });
});
