import { normalizePhone, formatPhone } from '../../../domain/phone';
import { waMeLink } from '../../../domain/phone-messages';
import { mapLink, openingLines, servicesByCategory, WHATSAPP_GREETING, type PublicService } from '../../../domain/public-page';
import { DEFAULT_SALON_NAME, openingHoursOf } from '../../../domain/salon-settings';
import { sortedByName } from '../../../domain/spanish-order';
import type { Db } from '../../db/client';
import { activeServiceRows, offerRows, salonRow } from './queries';

/**
 * The salon's public profile (GET /api/public-page, ADR 078): name, address with its map link,
 * phone with its tel: and WhatsApp links, opening hours (null when not set), the services by
 * category with who offers each, and the team: the active professionals who offer an active service.
 */
export async function salonProfile(db: Db) {
  const [salon, serviceRows, offers] = await Promise.all([salonRow(db), activeServiceRows(db), offerRows(db)]);
  const active = new Set(serviceRows.map((s) => s.id));
  const offered = offers.filter((o) => active.has(o.serviceId));
  const byService = new Map<string, string[]>();
  for (const o of offered) byService.set(o.serviceId, [...(byService.get(o.serviceId) ?? []), o.employeeId]);
  const team = sortedByName([...new Map(offered.map((o) => [o.employeeId, { id: o.employeeId, name: o.name, bookable: o.bookable }])).values()]);
  const servicesWithPros: PublicService[] = serviceRows.map((s) => ({ ...s, professionalIds: byService.get(s.id) ?? [] }));
  const phone = normalizePhone(salon?.phoneNumber ?? '');
  const address = salon?.address.trim() ?? '';
  return {
    salon: {
      name: salon?.name || DEFAULT_SALON_NAME,
      address,
      mapUrl: address ? mapLink(address) : null,
      phone,
      phoneText: phone ? formatPhone(phone) : null,
      whatsappUrl: phone ? waMeLink(phone, WHATSAPP_GREETING) : null,
    },
    hours: openingLines(openingHoursOf(salon?.openingHours)),
    categories: servicesByCategory(servicesWithPros),
    team,
  };
}
