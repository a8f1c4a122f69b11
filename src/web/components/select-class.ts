// The look of the native <select> (the schedule editor's, the staff's pickers), in a module of its
// own so a page can style a select without loading the schedule editor.

export const selectClass =
  'min-h-11 w-full cursor-pointer appearance-none rounded-xl border border-line bg-white text-[0.95rem] bg-[length:1rem] bg-[right_0.7rem_center] bg-no-repeat py-2 pr-9 pl-3 text-ink tabular-nums outline-none transition focus:border-rose-500 focus:ring-3 focus:ring-rose-100 aria-[invalid=true]:border-brick';

// A quiet chevron for the native select (no external asset: CSP allows data: images).
export const chevron = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%236F6266' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
};
