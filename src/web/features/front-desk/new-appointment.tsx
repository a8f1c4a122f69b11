import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ProfessionalDayPicker } from '../../components/professional-day-picker';
import { chevron, selectClass } from '../../components/select-class';
import { Sheet } from '../../components/sheet';
import { inputClass } from '../../components/input-class';
import { ClientSection, ServiceSelect } from './desk-form-parts';
import { AppointmentTime } from './appointment-time';
import { professionalsQuery, slotsQuery, staffBook } from '../../api/booking';
import { squeezeBook } from '../../api/squeeze';
import { activeServicesQuery } from '../../api/catalog';
import { clientBonosQuery } from '../../api/bonos';
import { salonDay } from '../../components/bono-card';
import type { ClientSummary, SalonDay } from '../../api/front-desk';

// ADR 104: "Añadir otro servicio" turns the form into a visit of several services, its own chunk loaded on the tap.
const DeskVisit = lazy(() => import('./desk-visit'));

/** Where "Nueva cita" opens: the place clicked on the grid (a professional's or a cabin's), or a walk-in now (ADR 058). */
export type NewAppointmentStart = { date: string; professionalId?: string; resourceId?: string; time?: string; walkIn?: boolean };

/**
 * "Nueva cita" at the front desk (docs/decisions/018-salon-day-view.md): the client (found or created), the service, the
 * professional and a time the slot engine offers, the cabin or machine when the service needs one
 * (ADR 036: "Automático" lets the server take the first free), optional notes. The server checks it all again.
 */
export function NewAppointment({
  start,
  resources,
  serviceGroups,
  onClose,
  onBooked,
  onBlockInstead,
}: {
  start: NewAppointmentStart;
  resources: SalonDay['resources'];
  serviceGroups: SalonDay['serviceGroups'];
  onClose: () => void;
  onBooked: (date: string) => void;
  /** "Bloquear hueco" at the same place instead. */
  onBlockInstead: () => void;
}) {
  const [client, setClient] = useState<ClientSummary | null>(null);
  const services = useQuery(activeServicesQuery());
  const [serviceId, setServiceId] = useState('');
  const [professionalId, setProfessionalId] = useState(start.professionalId ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState<string | null>(start.time ?? null);
  const [notes, setNotes] = useState('');
  /** The staff's choice per group of the service ('' = Automático). */
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const groups = serviceGroups[serviceId] ?? [];
  const walkIn = start.walkIn === true;
  /** The staff's yes to a time the grid does not offer ("Fuera de horario"). */
  const [outside, setOutside] = useState(false);
  const [visit, setVisit] = useState(false);
  const book = useMutation({
    mutationFn: (json: Parameters<typeof staffBook>[0] & { squeeze: boolean }) => {
      const { squeeze, ...body } = json;
      return squeeze ? squeezeBook({ ...body, walkIn, confirmOutsideHours: !walkIn }) : staffBook(body);
    },
  });
  // ADR 037: her bonos that cover this visit; '' = the one that expires first, 'none' = pays normally.
  const [bonoChoice, setBonoChoice] = useState('');
  const bonos = useQuery({ ...clientBonosQuery(client?.id ?? ''), enabled: !!client });
  const fitting = (bonos.data?.bonos ?? []).filter(
    (b) => !b.refunded && b.remaining > 0 && date <= b.expiresOn && b.services.some((x) => x.id === serviceId),
  );

  const pros = useQuery({ ...professionalsQuery(serviceId), enabled: serviceId !== '' });
  const offered = useMemo(() => (pros.data ?? []).filter((p) => p.userId), [pros.data]);
  useEffect(() => {
    if (pros.data && !offered.some((p) => p.id === professionalId)) setProfessionalId(offered[0]?.id ?? '');
  }, [pros.data, offered, professionalId]);

  const slots = useQuery(slotsQuery(serviceId, professionalId, date));
  const timeOffered = !!time && !!slots.data?.some((s) => s.time === time);
  const squeeze = walkIn || (!!time && !timeOffered && outside);
  const ready = timeOffered || squeeze;

  const submit = () => {
    if (!client || !time || !ready) return;
    book.mutate(
      {
        squeeze: !timeOffered || walkIn,
        clientId: client.id,
        serviceId,
        professionalId,
        date,
        time,
        notes: notes.trim() || undefined,
        resourceIds: resourceIdsOf(groups, chosen),
        ...(fitting.length === 0 || bonoChoice === '' ? {} : { bonoId: bonoChoice === 'none' ? null : bonoChoice }),
      },
      {
        onSuccess: ({ bonoNote }) => {
          toast.success(walkIn ? STAFF_MSG.walkInSucceeded : !timeOffered ? STAFF_MSG.squeezeSucceeded : STAFF_MSG.staffBookingSucceeded);
          // ADR 053: her bono had no session left for it (another booking took the last one).
          if (bonoNote) toast.warning(bonoNote, { duration: 10_000 });
          onBooked(date);
        },
        onError: () => void slots.refetch(),
      },
    );
  };

  if (visit)
    return (
      <Sheet isOpen title="Nueva cita" onClose={onClose} wide>
        <div className="flex flex-col gap-5">
          <ClientSection value={client} onChange={setClient} />
          <Suspense fallback={null}>
            <DeskVisit
              client={client}
              first={{ serviceId, professionalId }}
              date={date}
              onBooked={onBooked}
              onSingle={() => setVisit(false)}
            />
          </Suspense>
        </div>
      </Sheet>
    );
  return (
    <Sheet isOpen title="Nueva cita" onClose={onClose} wide>
      <div className="flex flex-col gap-5">
        <ClientSection value={client} onChange={setClient} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ServiceSelect
            services={services.data}
            value={serviceId}
            onChange={(id) => {
              setServiceId(id);
              // A click on a cabin's column: that cabin, if the service needs one of its group.
              const at = (serviceGroups[id] ?? []).findIndex((g) => !!start.resourceId && g.includes(start.resourceId));
              setChosen(at >= 0 && start.resourceId ? { [at]: start.resourceId } : {});
            }}
          />
          <ProfessionalDayPicker
            professionals={offered}
            professionalId={professionalId}
            onProfessional={setProfessionalId}
            date={date}
            onDate={setDate}
            alwaysShowProfessional
            isProfessionalDisabled={!serviceId}
          />
        </div>
        {serviceId && professionalId && (
          <section aria-label="Hora">
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Hora</h3>
            <AppointmentTime
              slots={slots}
              time={time}
              onTime={(t) => (setTime(t), setOutside(false))}
              walkIn={walkIn}
              outside={outside}
              onOutside={setOutside}
            />
          </section>
        )}
        {!walkIn && serviceId && (
          // A transition: the form stays on screen while the visit's chunk arrives.
          <Button variant="secondary" onPress={() => startTransition(() => setVisit(true))} className="self-start">
            Añadir otro servicio
          </Button>
        )}
        {groups.length > 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {groups.map((members, i) => (
              <label key={members.join()} className="flex flex-col gap-1.5 text-sm font-medium">
                {groupLabel(members, resources)}
                <select
                  className={selectClass}
                  style={chevron}
                  value={chosen[i] ?? ''}
                  onChange={(e) => setChosen({ ...chosen, [i]: e.target.value })}
                >
                  <option value="">Automático</option>
                  {members.map((id) => (
                    <option key={id} value={id}>
                      {resources.find((r) => r.id === id)?.name ?? id}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        )}
        {fitting.length > 0 && (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Bono
            <select className={selectClass} style={chevron} name="bono" value={bonoChoice} onChange={(e) => setBonoChoice(e.target.value)}>
              <option value="">Automático (el que caduca antes)</option>
              {fitting.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} · quedan {b.remaining} · caduca {salonDay(b.expiresOn)}
                </option>
              ))}
              <option value="none">Sin bono</option>
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Notas de la cita (opcional, las verá el cliente)
          <textarea className={`${inputClass} min-h-20`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        </label>
        {book.isError && <Alert>{book.error.message}</Alert>}
        <Button onPress={submit} isDisabled={!client || !ready || book.isPending}>
          {book.isPending
            ? 'Reservando...'
            : client && ready
              ? `Reservar a las ${time} para ${client.name}${squeeze && !walkIn ? ' (fuera de horario)' : ''}`
              : 'Reservar'}
        </Button>
        {!walkIn && (
          <button type="button" className="self-start text-sm font-medium text-rose-700 underline" onClick={onBlockInstead}>
            Bloquear este hueco en su lugar
          </button>
        )}
      </div>
    </Sheet>
  );
}

/** The resources the staff chose; none when every group is left on "Automático". */
function resourceIdsOf(groups: string[][], chosen: Record<number, string>): string[] | undefined {
  const ids = groups.map((_, i) => chosen[i] ?? '').filter(Boolean);
  return ids.length > 0 ? ids : undefined;
}

/** "Cabina", "Aparato" or "Cabina o aparato", by what the group holds. */
function groupLabel(members: string[], resources: SalonDay['resources']): string {
  const kinds = new Set(members.map((id) => resources.find((r) => r.id === id)?.kind));
  if (kinds.size === 1 && kinds.has('cabina')) return 'Cabina';
  if (kinds.size === 1 && kinds.has('aparato')) return 'Aparato';
  return 'Cabina o aparato';
}
