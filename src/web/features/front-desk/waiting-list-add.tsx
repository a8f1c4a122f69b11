import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { addDays } from '../../../domain/calendar-date';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { PART_OF_DAY_LABEL, PARTS_OF_DAY, type PartOfDay } from '../../../domain/waiting-list';
import { professionalsQuery } from '../../api/booking';
import { activeServicesQuery } from '../../api/catalog';
import type { ClientSummary } from '../../api/front-desk';
import { addDeskEntry } from '../../api/waiting-list';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateFilter } from '../../components/lazy-date-filter';
import { chevron, selectClass } from '../../components/select-class';
import { Sheet } from '../../components/sheet';
import { ClientSection, ServiceSelect } from './desk-form-parts';

// The desk puts a client on the waiting list (ADR 073, 090): a client found or made on the spot
// (a phone client), a service, a day or a range of days, mañana / tarde / cualquiera or an hours
// range, a professional or anyone. The server checks it all again (the same rules as hers).

/** "Entre horas": her own range instead of a part of the day. */
type When = PartOfDay | 'hours';
/** The hours offered for a range: the salon's day, every half hour. */
const HOURS = Array.from({ length: 29 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

const chip = (on: boolean) =>
  `cursor-pointer rounded-full border px-4 py-2 text-sm ${on ? 'border-rose-700 bg-rose-50 font-medium text-rose-800' : 'border-line bg-white'}`;

/** `client`: already chosen (from her record); `date`: the first day offered (the day view's day). */
export default function WaitingListAdd({ date, client: chosen, onClose }: { date: string; client?: ClientSummary; onClose: () => void }) {
  const qc = useQueryClient();
  const [client, setClient] = useState<ClientSummary | null>(chosen ?? null);
  const services = useQuery(activeServicesQuery());
  const [serviceId, setServiceId] = useState('');
  const pros = useQuery({ ...professionalsQuery(serviceId), enabled: serviceId !== '' });
  const [professionalId, setProfessionalId] = useState('');
  const [fromDate, setFromDate] = useState(date);
  const [toDate, setToDate] = useState(date);
  const [when, setWhen] = useState<When>('any');
  const [fromTime, setFromTime] = useState('16:00');
  const [toTime, setToTime] = useState('18:00');
  const add = useMutation({
    mutationFn: addDeskEntry,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['waiting-list', 'day'] });
      toast.success(WAITING_MSG.deskAdded);
      onClose();
    },
  });
  const submit = () => {
    if (!client || !serviceId) return;
    add.mutate({
      clientId: client.id,
      serviceId,
      professionalId: professionalId || null,
      fromDate,
      toDate,
      partOfDay: when === 'hours' ? 'any' : when,
      ...(when === 'hours' ? { fromTime, toTime } : {}),
    });
  };

  return (
    <Sheet isOpen title="Añadir a la lista de espera" onClose={onClose} wide>
      {/* Not a form: the client picker's "Nuevo cliente" is a form of its own inside it. */}
      <div className="flex flex-col gap-5">
        <ClientSection value={client} onChange={setClient} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ServiceSelect
            services={services.data}
            value={serviceId}
            onChange={(id) => {
              setServiceId(id);
              setProfessionalId('');
            }}
          />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Profesional
            <select
              className={selectClass}
              style={chevron}
              value={professionalId}
              disabled={!serviceId}
              onChange={(e) => setProfessionalId(e.target.value)}
            >
              <option value="">Cualquier profesional</option>
              {(pros.data ?? [])
                .filter((p) => p.userId)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </select>
          </label>
          <DateFilter
            label="Desde"
            value={fromDate}
            onChange={(d) => {
              setFromDate(d);
              if (toDate < d) setToDate(d);
            }}
          />
          <DateFilter label="Hasta" value={toDate} onChange={setToDate} />
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="sr-only">Atajos de días</span>
          {[0, 3, 6].map((n) => (
            <button key={n} type="button" className={chip(toDate === addDays(fromDate, n))} onClick={() => setToDate(addDays(fromDate, n))}>
              {n === 0 ? 'Solo ese día' : n === 3 ? 'Y los 3 siguientes' : 'Una semana'}
            </button>
          ))}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">¿A qué hora puede venir?</legend>
          <div className="flex flex-wrap gap-2">
            {[...PARTS_OF_DAY, 'hours' as const].map((p) => (
              <label key={p} className={chip(when === p)}>
                <input type="radio" name="when" className="sr-only" checked={when === p} onChange={() => setWhen(p)} />
                {p === 'hours' ? 'Entre horas' : PART_OF_DAY_LABEL[p]}
              </label>
            ))}
          </div>
          {when === 'hours' && (
            <div className="mt-1 flex flex-wrap items-end gap-3">
              <HourSelect label="De" value={fromTime} onChange={setFromTime} />
              <HourSelect label="A" value={toTime} onChange={setToTime} />
            </div>
          )}
        </fieldset>
        <p className="text-sm text-muted">
          Se le avisa por su canal (WhatsApp, SMS o correo) con un enlace para reservar; si no tiene ninguno, lo verás aquí para ofrecérselo
          tú.
        </p>
        {add.isError && <Alert>{add.error.message}</Alert>}
        <Button onPress={submit} isDisabled={!client || !serviceId || add.isPending}>
          {add.isPending ? 'Guardando...' : client ? `Añadir a ${client.name} a la lista` : 'Añadir a la lista'}
        </Button>
      </div>
    </Sheet>
  );
}

function HourSelect({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select className={selectClass} style={chevron} value={value} onChange={(e) => onChange(e.target.value)}>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
    </label>
  );
}
