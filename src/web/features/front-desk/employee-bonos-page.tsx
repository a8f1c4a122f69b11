import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import type { ClientSummary } from '../../api/front-desk';
import { ClientBonos } from './client-bonos';
import { ClientPicker } from './client-picker';

/**
 * /employee/bonos — an employee sells a bono at the desk (ADR 037): she finds the client (or adds
 * a phone client), sees her bonos and sells one. Extending and refunding stay the admin's.
 */
export default function EmployeeBonosPage() {
  const [client, setClient] = useState<ClientSummary | null>(null);
  return (
    <div>
      <PageHeader title="Bonos" subtitle="Busca a la clienta para ver sus bonos o venderle uno." />
      <div className="flex max-w-2xl flex-col gap-6">
        <ClientPicker value={client} onChange={setClient} />
        {client && <ClientBonos clientId={client.id} isAdmin={false} />}
      </div>
    </div>
  );
}
