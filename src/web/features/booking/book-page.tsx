import { ComingSoon } from '../../components/page-header';

export default function BookPage() {
  return <ComingSoon title="Reservar">Aquí elegirás profesional, día y hora.</ComingSoon>;
}
