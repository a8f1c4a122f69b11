import { GiftCardsScreen } from './gift-cards-screen';

/** /admin/gift-cards — the admin's tarjetas regalo (ADR 038). */
export default function GiftCardsAdminPage() {
  return <GiftCardsScreen base="/admin/gift-cards" />;
}
