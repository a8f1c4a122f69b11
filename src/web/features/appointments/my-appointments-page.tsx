import { ComingSoon } from '../../components/page-header';

export default function MyAppointmentsPage() {
  return <ComingSoon title="Mis Citas">Aquí verás tus citas.</ComingSoon>;
}
