import { GIFT_CARD_STATUS_LABEL, maskedGiftCardCode, type GiftCardStatus } from '../../../domain/gift-cards';
import { spanishDate } from '../../../domain/calendar-date';

const TONE: Record<GiftCardStatus, string> = {
  activa: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  gastada: 'border-line bg-sand text-muted',
  caducada: 'border-amber-200 bg-amber-50 text-amber-800',
};

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>{GIFT_CARD_STATUS_LABEL[status]}</span>;
}

/** '····-··XP-2H': how a card is named without its code. */
export const cardLabel = (last4: string) => maskedGiftCardCode(last4);

/** 'Válida hasta el 13/01/2027'. */
export const validUntil = (lastDay: string) => `Válida hasta el ${spanishDate(lastDay)}`;
