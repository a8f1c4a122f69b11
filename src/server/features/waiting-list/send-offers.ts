import { channelOrder, isMessageChannel, nextChannel, type SendChannel } from '../../../domain/message-channels';
import { isMobilePhone, whatsappNumber } from '../../../domain/mobile-phone';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { OFFER_TEMPLATE, offerTemplateParameters, offerText } from '../../../domain/waiting-list';
import type { DeliverDeps } from '../../notifications/deliver';
import { PermanentSendError } from '../../notifications/provider-errors';
import { sendSms } from '../../notifications/sms';
import { signedToken, subjectOf } from '../../notifications/tokens';
import { sendTemplate } from '../../notifications/whatsapp';
import { offerMail } from './offer-email';
import { holdUnsent, markSent, unsentOffers, type OfferRow } from './queries';

// Telling the waiting clients (ADR 071): every offer not told yet, first come first told, each
// through her channel (the messaging room's order: WhatsApp, SMS, email; 'none' or no way to reach
// her: the desk sees the offer on its list). A provider's refusal for good tries her next channel;
// a passing failure throws and the queue runs the job again: offers already told are marked and
// are not told twice.

const PURPOSE = 'auna:waitlist-offer:v1';

/** The offer's link token: the offer's id, signed (ADR 072). The link is hers: it was sent only to her. */
export const offerToken = (secret: string, offerId: string) => signedToken(secret, PURPOSE, offerId);
export const offerIdOfToken = (secret: string, token: string) => subjectOf(secret, PURPOSE, token);
export const offerPath = (token: string) => `/api/waiting-list/offer?token=${token}`;

export type SendDeps = Pick<DeliverDeps, 'db' | 'mailer' | 'log' | 'now' | 'publicUrl' | 'messageSecret' | 'whatsapp' | 'sms'>;

/** The channels that reach her, in her order. */
function channelsOf(deps: SendDeps, o: OfferRow): SendChannel[] {
  const chosen = isMessageChannel(o.messageChannel) ? o.messageChannel : null;
  if (chosen === 'none') return [];
  const mobile = isMobilePhone(o.clientPhone);
  return channelOrder(chosen, {
    whatsapp: !!deps.whatsapp && mobile,
    sms: !!deps.sms && mobile,
    email: (o.clientEmail ?? '').includes('@'),
  });
}

async function sendBy(deps: SendDeps, channel: SendChannel, o: OfferRow, link: string): Promise<void> {
  const facts = { serviceName: o.serviceName, start: o.startTime, salonName: o.salonName || DEFAULT_SALON_NAME };
  if (channel === 'whatsapp')
    await sendTemplate(deps.whatsapp!, whatsappNumber(o.clientPhone!), OFFER_TEMPLATE, offerTemplateParameters(facts, link));
  else if (channel === 'sms') await sendSms(deps.sms!, o.clientPhone!, offerText(facts, link), `${deps.publicUrl}/api/webhooks/sms`);
  else await deps.mailer.send(offerMail(o, o.clientEmail!, link));
}

/** Tells one offer through the first of her channels that takes it; 'none' when none reaches her. */
async function tell(deps: SendDeps, o: OfferRow): Promise<SendChannel | 'none'> {
  const order = channelsOf(deps, o);
  const link = `${deps.publicUrl}${offerPath(offerToken(deps.messageSecret, o.id))}`;
  const tried: SendChannel[] = [];
  for (
    let channel: SendChannel | null = order[0] ?? null;
    channel;
    channel = nextChannel(isMessageChannel(o.messageChannel) ? o.messageChannel : null, reachOf(order), tried)
  ) {
    try {
      await sendBy(deps, channel, o, link);
      return channel;
    } catch (err) {
      if (!(err instanceof PermanentSendError)) throw err;
      deps.log.warn({ offer: o.id, channel, failure: err.failure }, 'waiting-list offer refused by the provider');
      tried.push(channel);
    }
  }
  return 'none';
}

const reachOf = (order: SendChannel[]) => ({
  whatsapp: order.includes('whatsapp'),
  sms: order.includes('sms'),
  email: order.includes('email'),
});

/**
 * Tells every offer not told yet, in order; a time already past is marked and told to nobody.
 * Each offer is held (FOR UPDATE SKIP LOCKED) while it is told and marked in one transaction, so
 * two jobs at once (two processes, ADR 015) never tell it twice.
 */
export async function sendUnsentOffers(deps: SendDeps): Promise<number> {
  let told = 0;
  for (const o of await unsentOffers(deps.db)) {
    const channel = await deps.db.transaction(async (tx) => {
      if (!(await holdUnsent(tx, o.id))) return null;
      const c = o.startTime > deps.now() ? await tell(deps, o) : 'none';
      await markSent(tx, o.id, c, deps.now());
      return c;
    });
    if (channel && channel !== 'none') told++;
  }
  return told;
}
