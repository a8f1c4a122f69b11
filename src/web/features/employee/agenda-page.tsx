import { ComingSoon } from '../../components/page-header';

export default function AgendaPage() {
  return <ComingSoon title="Mi Agenda">Aquí verás tus citas del día.</ComingSoon>;
}
