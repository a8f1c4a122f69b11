import { Euro } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { PaymentSection } from '../../components/payment-form';
import { paymentCalls } from '../../api/payments';

/** A completed appointment's cobro (ADR 039), opened on demand so the agenda stays readable at arm's length. */
export function AgendaPayment({ appointmentId }: { appointmentId: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div className="mt-4 border-t border-line pt-4">
        <Button variant="secondary" onPress={() => setOpen(true)}>
          <Euro className="h-4 w-4" aria-hidden />
          Cobro
        </Button>
      </div>
    );
  return <PaymentSection appointmentId={appointmentId} calls={paymentCalls} />;
}
