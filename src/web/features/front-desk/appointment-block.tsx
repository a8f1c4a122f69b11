import { memo } from 'react';
import type { DayAppointment } from '../../api/front-desk';
import { ConsentMissingBadge } from '../../components/consent-status';
import { bufferBands, hhmm, placeBlock, type DayHours } from './day-layout';

// An appointment in its column (docs/decisions/018-salon-day-view.md), sized by its duration; a
// click opens it, a drag moves it (use-block-drag.ts: the grid listens, this only carries its id),
// the context menu opens its "Mover…" menu. Preparation and cleaning are calm neutral bands outside
// it (the professional and the cabin are held, the client is not told them: ADR 036).

const BLOCK_TONES: Record<string, string> = {
  confirmed: 'border-rose-500 bg-rose-50 text-rose-800',
  completed: 'border-sage bg-sage-100 text-sage-800',
  no_show: 'border-amber-800/40 bg-amber-100 text-amber-800',
  cancelled_by_client: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
  cancelled_by_salon: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
};
const STATUS_SHORT: Record<string, string> = {
  confirmed: 'Confirmada',
  completed: 'Completada',
  no_show: 'No asistió',
  cancelled_by_client: 'Cancelada',
  cancelled_by_salon: 'Cancelada',
};
/** ADR 057: she answered "Confirmo" (WhatsApp, or the link of her SMS or the desk's WhatsApp). */
const CONFIRMED_BY_CLIENT = 'Confirmó que viene ✓';
/** ADR 058: how the desk fitted it in, on the block and in its label. */
export const FITTED_IN: Record<string, string> = { outside_hours: 'Fuera de horario', walk_in: 'Sin cita' };

/** A block's lines: each cut with an ellipsis, the first in bold; what does not fit is cut at the block's bottom edge. */
const LINES = 'block shrink-0 overflow-hidden text-ellipsis whitespace-pre first-line:font-semibold';

/** Below this many minutes a block has room for one line: its time and client, the rest on hover (title), focus or tap (ADR 088). */
const SHORT_MINUTES = 30;

/** A short block's marks ("Fuera de horario", "Falta consentimiento"): one small sign before the time, named in its title and the block's label (ADR 088). */
function MarkSign({ marks, consent }: { marks: string[]; consent: boolean }) {
  return (
    <span
      data-marks
      title={marks.join(' · ')}
      aria-hidden
      className={`mr-1 inline-grid h-3.5 w-3.5 place-items-center rounded-full border align-[-2px] text-[0.6rem] leading-none font-bold ${consent ? 'border-amber-800/30 bg-amber-100 text-amber-800' : 'border-current bg-white'}`}
    >
      {consent ? '!' : '+'}
    </span>
  );
}

// A block carries no handlers of its own: the grid's one delegated click, context menu and keys
// (day-grid.tsx, `useBlockEvents`) read its `data-appointment-id` (ADR 089).
export const AppointmentBlock = memo(function AppointmentBlock({
  hours,
  appointment: a,
  byResource,
}: {
  hours: DayHours;
  appointment: DayAppointment;
  byResource: boolean;
}) {
  const { startMinute, endMinute } = a;
  const place = placeBlock(hours, startMinute, endMinute);
  if (!place) return null;
  const label = hhmm(startMinute);
  const cancelled = a.status.startsWith('cancelled');
  const bands = cancelled ? [] : bufferBands(startMinute, endMinute, a.prepMinutes, a.cleanupMinutes);
  const who = byResource ? `${a.clientName} · ${a.employeeName}` : a.clientName;
  const status = a.status === 'confirmed' && a.clientConfirmedAt ? CONFIRMED_BY_CLIENT : (STATUS_SHORT[a.status] ?? a.status);
  const fitted = a.fittedIn ? FITTED_IN[a.fittedIn] : '';
  const marks = [fitted, a.consentMissing ? 'Falta consentimiento' : ''].filter((m): m is string => !!m);
  const short = endMinute - startMinute < SHORT_MINUTES;
  // Time and client first, whatever else there is: a short block shows that line (its marks a sign
  // before it) and, with the keyboard's focus, grows to all of them; the title shows them on hover.
  const rest = `${byResource ? `${a.employeeName}\n` : ''}${a.serviceName}\n${[status, fitted].filter(Boolean).join(' · ')}`;
  const first = `${label} ${a.clientName}`;
  const button = (
    <button
      type="button"
      data-appointment-id={a.id}
      data-movable={a.status === 'confirmed' ? '' : undefined}
      title={`${label}–${hhmm(endMinute)} ${who}\n${a.serviceName}\n${[status, ...marks].join(' · ')}`}
      className={`group absolute flex flex-col justify-start overflow-hidden rounded-lg border-l-4 text-left text-xs shadow-sm transition hover:brightness-95 ${short ? 'px-1.5 py-0 leading-4 focus-visible:!z-30 focus-visible:!h-auto focus-visible:py-0.5 focus-visible:shadow-lg' : 'px-2 py-1'} ${BLOCK_TONES[a.status] ?? BLOCK_TONES.confirmed} ${cancelled ? 'right-1 left-8 opacity-70' : 'inset-x-1'} ${a.status === 'confirmed' ? 'cursor-grab' : ''}`}
      style={{ top: `${place.top}%`, height: `${place.height}%`, zIndex: cancelled ? 1 : 2 }}
      aria-label={`${label} ${who}, ${a.serviceName}, ${[status, ...marks].join(', ')}`}
    >
      {/* The lines in one text node (the first in bold, each cut with an ellipsis): a span per line
          made eight nodes per block instead of two for each day switch to create (docs/benchmarks.md).
          The consent badge goes right under the name (a block with one is split there): below the
          other lines, a block too short for them all drew it over a line cut in half. */}
      {a.consentMissing && !short ? (
        <>
          <span className={LINES}>{first}</span>
          <ConsentMissingBadge compact />
          <span className="block shrink-0 overflow-hidden text-ellipsis whitespace-pre">{rest}</span>
        </>
      ) : (
        // A short block shows its first line alone (not the next one cut in half) until it has the focus.
        // Without a sign the lines are the span's only child: set as its text, with no fiber of their own.
        <span className={short ? `${LINES} max-h-4 group-focus-visible:max-h-none` : LINES}>
          {short && marks.length > 0 ? (
            <>
              <MarkSign marks={marks} consent={a.consentMissing} />
              {`${first}\n${rest}`}
            </>
          ) : (
            `${first}\n${rest}`
          )}
        </span>
      )}
    </button>
  );
  // Without preparation or cleaning, the button alone: a block is then three of React's fibers (the
  // memo, the button, the span) for a day to build, and for a day drawn ahead to reveal or hide (ADR 096).
  if (bands.length === 0) return button;
  return (
    <>
      {bands.map((b) => {
        const at = placeBlock(hours, b.fromMinute, b.toMinute);
        return at ? (
          <div
            key={b.kind}
            role="img"
            aria-label={`${b.label}, ${a.clientName}`}
            title={b.label}
            data-buffer={b.kind}
            className="pointer-events-none absolute inset-x-1 z-[1] rounded-sm border border-dashed border-[#d6cfcb] bg-[#F3F0EE]"
            style={{ top: `${at.top}%`, height: `${at.height}%` }}
          />
        ) : null;
      })}
      {button}
    </>
  );
});
