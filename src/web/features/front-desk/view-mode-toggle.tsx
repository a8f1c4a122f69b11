import { memo } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

// The day view's columns (ADR 036): by professional or by cabin and machine; one always chosen.

const OPTIONS = [
  { id: 'profesionales', label: 'Profesionales' },
  { id: 'cabinas', label: 'Cabinas y aparatos' },
] as const;

function ModeToggle<M extends (typeof OPTIONS)[number]['id']>({ value, onChange }: { value: M; onChange: (m: M) => void }) {
  return (
    <ToggleButtonGroup
      aria-label="Columnas"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next) onChange(next as M);
      }}
      className="inline-flex rounded-full border border-line bg-white p-0.5"
    >
      {OPTIONS.map((o) => (
        <ToggleButton
          key={o.id}
          id={o.id}
          className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium text-muted outline-none transition data-[focus-visible]:ring-2 data-[focus-visible]:ring-rose-500 data-[hovered]:text-ink data-[selected]:bg-rose-700 data-[selected]:text-white"
        >
          {o.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Memoised: a day switch redraws the page, and React Aria's group and buttons are not cheap to redraw unchanged. */
export const ViewModeToggle = memo(ModeToggle) as typeof ModeToggle;
