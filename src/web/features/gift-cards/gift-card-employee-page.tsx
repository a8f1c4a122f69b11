import { useParams } from 'react-router';
import { GiftCardScreen } from './gift-card-screen';

/** /employee/gift-cards/:id — one card, for the staff at the desk (ADR 038). */
export default function GiftCardEmployeePage() {
  const { id = '' } = useParams();
  return <GiftCardScreen id={id} base="/employee/gift-cards" />;
}
