import { StickyNote } from 'lucide-react';

/** The client's own note (allergies, preferences) as staff see it; nothing when there is none. */
export function ClientNote({ text, className = 'mt-2 py-1.5' }: { text: string; className?: string }) {
  if (text.trim() === '') return null;
  return (
    <p className={`flex gap-2 rounded-xl bg-gold-100/70 px-3 text-sm leading-relaxed text-ink ${className}`}>
      <StickyNote className="mt-0.5 h-4 w-4 shrink-0 text-[#8a6a3c]" aria-hidden />
      <span>
        <span className="sr-only">Notas del cliente: </span>
        {text}
      </span>
    </p>
  );
}
