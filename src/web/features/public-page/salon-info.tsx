import type { SalonProfile } from '../../api/public-page';

// The salon's card on the public page (ADR 078): address with a plain map link (no embedded map or
// third-party script), phone as a tel: link, a WhatsApp button (wa.me), the opening hours once set.

const linkClass = 'font-medium text-rose-800 underline underline-offset-4 hover:text-rose-700';

export function SalonInfo({ profile }: { profile: SalonProfile }) {
  const { salon, hours } = profile;
  return (
    <aside aria-labelledby="salon-info" className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
      <h2 id="salon-info" className="font-serif text-2xl">
        Dónde estamos
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        {salon.address && (
          <div>
            <dt className="font-semibold">Dirección</dt>
            <dd className="mt-1">
              {salon.address}
              {salon.mapUrl && (
                <>
                  {' · '}
                  <a className={linkClass} href={salon.mapUrl} target="_blank" rel="noopener noreferrer">
                    Ver en el mapa
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
        {salon.phone && (
          <div>
            <dt className="font-semibold">Teléfono</dt>
            <dd className="mt-1">
              <a className={linkClass} href={`tel:${salon.phone}`}>
                {salon.phoneText}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt className="font-semibold">Horario</dt>
          <dd className="mt-1">
            {hours ? (
              <ul className="space-y-0.5">
                {hours.map((l) => (
                  <li key={l.day} className="flex justify-between gap-4">
                    <span>{l.label}</span>
                    <span className={l.hours ? '' : 'text-muted'}>{l.hours ?? 'Cerrado'}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-muted">Consulta las horas libres de cada servicio al elegirlo.</span>
            )}
          </dd>
        </div>
      </dl>
      {salon.whatsappUrl && (
        <a
          href={salon.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-sage-800 px-5 py-3 text-sm font-semibold text-white hover:bg-sage"
        >
          Escríbenos por WhatsApp
        </a>
      )}
    </aside>
  );
}
