import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { salonTimeText } from '../../../domain/notification-rules';
import { salonDayText } from '../../../domain/phone-messages';
import { offerText } from '../../../domain/waiting-list';
import { ActionButton, EmailFrame, Paragraph, renderEmailHtml } from '../../mail/email-frame';
import type { Mail } from '../../mail/mailer';
import type { OfferRow } from './queries';

// The waiting list's offer by email (ADR 071), in the salon's frame (ADR 044): the service, the
// day, the time, who, and one button that opens the page that books it. Never her notes.

export function offerMail(o: OfferRow, to: string, link: string): Mail {
  const salon = { name: o.salonName || DEFAULT_SALON_NAME, address: o.salonAddress ?? '', phoneNumber: o.salonPhone ?? '' };
  const day = salonDayText(o.startTime);
  const time = salonTimeText(o.startTime);
  const html = renderEmailHtml(
    <EmailFrame salon={salon} preview={`${o.serviceName}, ${day} a las ${time}`} heading="Se ha liberado un hueco">
      <Paragraph>
        Hola, {o.clientName.split(/\s+/)[0]}: se ha liberado un hueco de <strong>{o.serviceName}</strong> con {o.employeeName} el {day} a
        las {time}.
      </Paragraph>
      <ActionButton href={link}>Reservar este hueco</ActionButton>
      <Paragraph muted>Se lo hemos dicho también a otras personas de la lista de espera: el primero que lo reserve se lo queda.</Paragraph>
    </EmailFrame>,
  );
  return {
    to,
    subject: `Se ha liberado un hueco: ${o.serviceName}, ${day} a las ${time}`,
    text: offerText({ serviceName: o.serviceName, start: o.startTime, salonName: salon.name }, link),
    html,
    messageId: `<waitlist-offer-${o.id}@auna>`,
    headers: { 'X-Auna-Message-Key': `waitlist_offer:${o.id}` },
  };
}
