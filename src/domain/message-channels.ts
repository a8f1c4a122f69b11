// How a client hears from the salon about her own appointments (docs/decisions/057): the channel she
// chose (or the desk chose for her), and the order in which channels are tried. Pure: which
// channels reach her is an argument (her phone is a mobile, the salon configured WhatsApp or SMS,
// she has an email).

/** Her choice: stored on her client record; null means she has not chosen (automatic). */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'email', 'none'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** A channel a message can leave by. */
export type SendChannel = Exclude<MessageChannel, 'none'>;
/** How a message left: a channel, or the desk's own WhatsApp through a wa.me link. */
export const DELIVERY_CHANNELS = ['email', 'whatsapp', 'sms', 'whatsapp_link'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const isMessageChannel = (v: unknown): v is MessageChannel => typeof v === 'string' && (MESSAGE_CHANNELS as readonly string[]).includes(v);

export const CHANNEL_LABELS: Record<MessageChannel | 'whatsapp_link', string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
  none: 'Ninguno',
  whatsapp_link: 'WhatsApp del salón',
};

/** Which channels can reach her now. */
export type Reach = Record<SendChannel, boolean>;

// Each choice, then what follows when it cannot be used or fails. Not chosen: WhatsApp (where the
// town lives), else email (free), SMS last (it costs the salon per message).
const ORDERS: Record<MessageChannel | 'auto', SendChannel[]> = {
  auto: ['whatsapp', 'email', 'sms'],
  whatsapp: ['whatsapp', 'sms', 'email'],
  sms: ['sms', 'email', 'whatsapp'],
  email: ['email', 'whatsapp', 'sms'],
  none: [],
};

/** The channels a message to her tries, in order; empty when she chose none or nothing reaches her. */
export function channelOrder(chosen: MessageChannel | null, reach: Reach): SendChannel[] {
  return ORDERS[chosen ?? 'auto'].filter((c) => reach[c]);
}

/**
 * The channel a message tries once the ones in `tried` failed for good (a failed WhatsApp falls back
 * to SMS or email): the next of her order not tried yet, or null.
 */
export function nextChannel(chosen: MessageChannel | null, reach: Reach, tried: readonly SendChannel[]): SendChannel | null {
  return channelOrder(chosen, reach).find((c) => !tried.includes(c)) ?? null;
}
