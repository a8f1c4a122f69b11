import { TextField } from '../../components/text-field';

/**
 * The booking's optional note. It shows only once a time is chosen, never in the first view, so
 * it is its own chunk (React Aria's TextField, ~5 KB gzipped) loaded after the page has hydrated
 * (booking-steps.tsx; docs/decisions/016-react-19-runtime.md).
 */
export default function NotesField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      className="mt-4"
      label="Notas para tu cita (opcional)"
      placeholder="Por ejemplo: alergias, piel sensible o tus preferencias de estilo."
      multiline
      value={value}
      onChange={onChange}
      maxLength={2000}
    />
  );
}
