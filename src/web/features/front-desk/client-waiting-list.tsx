import { Hourglass } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ClientSummary } from '../../api/front-desk';
import { Button } from '../../components/button';
import { todayInSalon } from '../../lib/salon-today';

// "Lista de espera" on a client's record (ADR 090): the desk's form with her already chosen,
// from today. The form is its own chunk, loaded when the button is pressed.
const WaitingListAdd = lazy(() => import('./waiting-list-add'));

export function ClientWaitingList({ client }: { client: ClientSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <Hourglass className="h-4 w-4" aria-hidden /> Lista de espera
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WaitingListAdd date={todayInSalon()} client={client} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
