import { useParams } from 'react-router';
import { GiftCardScreen } from './gift-card-screen';

/** /admin/gift-cards/:id — one card, its balance and history (ADR 038). */
export default function GiftCardAdminPage() {
  const { id = '' } = useParams();
  return <GiftCardScreen id={id} base="/admin/gift-cards" />;
}
