import { GiftCardsScreen } from './gift-cards-screen';

/** /employee/gift-cards — every staff member sells and looks up cards at the desk (ADR 038). */
export default function GiftCardsEmployeePage() {
  return <GiftCardsScreen base="/employee/gift-cards" />;
}
