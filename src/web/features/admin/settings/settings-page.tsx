import { ComingSoon } from '../../../components/page-header';

export default function SettingsPage() {
  return <ComingSoon title="Configuración Salón">Aquí ajustarás la configuración del salón.</ComingSoon>;
}
