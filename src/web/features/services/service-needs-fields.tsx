import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { BUFFER_MAX_MINUTES, GROUPS_MAX } from '../../../domain/resources';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Button } from '../../components/button';
import { NumberInput } from '../../components/admin/admin-ui';
import { toggled, type NeedsDraft, type NeedsField } from './service-needs';

type Choice = { id: string; name: string };

/**
 * The service form's "what it needs besides a professional" (ADR 036): preparation and cleaning
 * minutes, and the resource groups. Each group is one need, met by any one free resource ticked
 * in it: all the cabins ("cualquier cabina"), or just the diode laser.
 */
export function ServiceNeedsFields({
  draft,
  onChange,
  resources,
  loadFailed,
  errorOf,
}: {
  draft: NeedsDraft;
  onChange: (next: NeedsDraft) => void;
  /** The salon's active cabins and machines, in their order; undefined while loading or after a failure. */
  resources: readonly Choice[] | undefined;
  loadFailed: boolean;
  errorOf: (field: NeedsField) => string | null;
}) {
  const groupsError = errorOf('groups');
  const setGroup = (i: number, group: string[]) => onChange({ ...draft, groups: draft.groups.map((g, j) => (j === i ? group : g)) });
  return (
    <div className="space-y-5 border-t border-line pt-5">
      <h3 className="font-serif text-xl">Lo que necesita además de la profesional</h3>
      <div className="grid grid-cols-2 gap-x-4 gap-y-5 sm:gap-x-5">
        <NumberInput
          label="Preparación (min)"
          name="service-prep"
          value={draft.prep}
          onChange={(prep) => onChange({ ...draft, prep })}
          min={0}
          max={BUFFER_MAX_MINUTES}
          step={1}
          suffix="min"
          error={errorOf('prep')}
        />
        <NumberInput
          label="Limpieza (min)"
          name="service-cleanup"
          value={draft.cleanup}
          onChange={(cleanup) => onChange({ ...draft, cleanup })}
          min={0}
          max={BUFFER_MAX_MINUTES}
          step={1}
          suffix="min"
          error={errorOf('cleanup')}
        />
        <p className="col-span-2 -mt-2 text-xs text-muted">
          Antes y después de la cita (de 0 a {BUFFER_MAX_MINUTES}): ocupan a la profesional y la cabina, pero el cliente no los ve ni
          cuentan en su hora.
        </p>
      </div>
      <fieldset className="space-y-3" aria-describedby={groupsError ? 'service-groups-error' : undefined}>
        <legend className="text-sm font-medium text-ink">Cabinas y aparatos que necesita</legend>
        <p className="text-xs text-muted">
          Cada grupo es una necesidad y basta con uno libre de los marcados: todas las cabinas para «cualquier cabina», o solo el láser.
        </p>
        {resources === undefined ? (
          <p className="text-sm text-muted">{loadFailed ? STAFF_MSG.resourcesLoadFailed : 'Cargando cabinas y aparatos...'}</p>
        ) : resources.length === 0 ? (
          <p className="text-sm text-muted">
            Aún no hay cabinas ni aparatos activos. Añádelos en{' '}
            <Link to="/admin/resources" className="font-medium text-rose-700 underline underline-offset-2">
              Cabinas y aparatos
            </Link>
            .
          </p>
        ) : (
          <>
            {draft.groups.map((group, i) => (
              <GroupBox
                key={i}
                index={i}
                group={group}
                resources={resources}
                onChange={(g) => setGroup(i, g)}
                onRemove={() => onChange({ ...draft, groups: draft.groups.filter((_, j) => j !== i) })}
              />
            ))}
            {draft.groups.length < GROUPS_MAX && (
              <Button variant="secondary" onPress={() => onChange({ ...draft, groups: [...draft.groups, []] })}>
                <Plus className="h-4 w-4" aria-hidden />
                {draft.groups.length === 0 ? 'Necesita una cabina o aparato' : 'Añadir otro grupo'}
              </Button>
            )}
          </>
        )}
        {groupsError && (
          <p id="service-groups-error" className="text-sm text-brick">
            {groupsError}
          </p>
        )}
      </fieldset>
    </div>
  );
}

function GroupBox({
  index,
  group,
  resources,
  onChange,
  onRemove,
}: {
  index: number;
  group: string[];
  resources: readonly Choice[];
  onChange: (g: string[]) => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="rounded-2xl border border-line bg-ivory/60 p-4">
      <div className="flex items-center justify-between gap-3">
        <p id={titleId} className="text-sm font-medium text-ink">
          Grupo {index + 1}: uno libre de
        </p>
        <Button variant="ghost" onPress={onRemove} aria-label={`Quitar el grupo ${index + 1}`} className="px-3!">
          <X className="h-4 w-4" aria-hidden />
          Quitar
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {resources.map((r) => (
          <label
            key={r.id}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 text-sm text-ink has-[:checked]:border-rose-700/50 has-[:checked]:bg-rose-50"
          >
            <input type="checkbox" checked={group.includes(r.id)} onChange={() => onChange(toggled(group, r.id))} className="h-4 w-4 accent-rose-700" />
            {r.name}
          </label>
        ))}
      </div>
    </div>
  );
}
