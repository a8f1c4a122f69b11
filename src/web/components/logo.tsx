/** Auna's mark: three petals over a gold line. */
export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <rect width="64" height="64" rx="16" fill="#9E5F6A" />
      <path d="M32 14c-6 8-6 16 0 22 6-6 6-14 0-22Zm-14 12c1 9 6 14 14 14-2-8-7-13-14-14Zm28 0c-7 1-12 6-14 14 8 0 13-5 14-14Z" fill="#FBF8F5" />
      <path d="M20 46h24" stroke="#C8A26B" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="flex items-center gap-2">
      <Logo />
      <span className="font-serif text-2xl font-semibold tracking-wide text-ink">Auna</span>
    </span>
  );
}
