/** The look of every text input, select and text area (components/text-field.tsx, native controls). */
export const inputClass =
  'w-full min-h-11 rounded-xl border border-line bg-white px-4 py-2.5 text-ink placeholder:text-muted/80 outline-none transition focus:border-rose-500 focus:ring-3 focus:ring-rose-100 data-[invalid]:border-brick';
