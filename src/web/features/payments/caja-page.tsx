import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { isSalonDay } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { DateFilter } from '../../components/lazy-date-filter';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { todayInSalon } from '../../lib/salon-today';
import { cajaCsvUrl, cajaQuery } from '../../api/payments';
import { CompletedUnpaid, GiftCardSales, PaymentList } from './caja-sections';
import { Totals } from './caja-totals';
import { BonoSales, BonoSessions } from './caja-bonos';
import { CajaTill } from './caja-till';
import { UnclosedDaysNotice } from '../../components/unclosed-days-notice';
import { cashCloseHref, useUnclosedDays } from '../../api/cash-close';

/**
 * /admin/caja — the Caja del día (ADR 039), the owner's: what came in on a salon day, by method
 * and professional, the gift cards sold, what was completed without a payment, and the CSV for
 * the accountant. Auna is not the invoicing system, and the page says so.
 */
export default function CajaPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('dia') ?? '';
  const date = isSalonDay(asked) ? asked : todayInSalon();
  const caja = useQuery(cajaQuery(date));
  const unclosed = useUnclosedDays();
  return (
    <div>
      <PageHeader
        title="Caja del día"
        subtitle="Lo cobrado en el salón, por método de pago y por profesional."
        actions={
          <a className={buttonClass('secondary')} href={cajaCsvUrl(date)} download={`caja-${date}.csv`}>
            <Download className="h-4 w-4" aria-hidden />
            Exportar CSV
          </a>
        }
      />
      <UnclosedDaysNotice days={unclosed} hrefOf={cashCloseHref} except={date} />
      <Alert tone="info">
        Auna registra los cobros para el control interno del salón. <strong>No es un programa de facturación</strong>: no emite facturas ni
        tickets ni los envía a Hacienda (VeriFactu). Las facturas se hacen con el programa de facturación del salón.
      </Alert>
      <div className="mt-6 max-w-xs">
        <DateFilter label="Día" value={date} onChange={(dia) => setParams({ dia }, { replace: true })} />
      </div>
      <div className="mt-6">
        {caja.isPending ? (
          <InlineLoading text="Cargando la caja..." />
        ) : caja.isError ? (
          <Alert>{caja.error.message}</Alert>
        ) : (
          <div className="flex flex-col gap-8">
            <CajaTill date={date} till={caja.data.till} />
            <Totals day={caja.data} />
            <PaymentList payments={caja.data.payments} />
            <GiftCardSales sales={caja.data.giftCardsSold} />
            <BonoSales sales={caja.data.bonosSold} />
            <BonoSessions sessions={caja.data.bonoSessions} />
            <CompletedUnpaid appointments={caja.data.completedWithoutPayment} />
          </div>
        )}
      </div>
    </div>
  );
}
