import { NotesTextarea } from '../../components/notes-textarea';

/**
 * The booking's optional note. It shows only once a time is chosen, never in the first view, so
 * it is its own chunk loaded after the page has hydrated (booking-steps.tsx; docs/decisions/016-react-19-runtime.md).
 */
export default function NotesField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return <NotesTextarea className="mt-4" fieldClassName="min-h-28 resize-y" value={value} onChange={onChange} />;
}
