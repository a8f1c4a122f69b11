import { Logo } from './logo';

/** The guard's loading state: never a blank page (DESIGN.md). */
export function FullPageLoading({ text }: { text: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <Logo className="h-10 w-10 animate-pulse" />
      <p className="text-muted">{text}</p>
    </div>
  );
}

export function InlineLoading({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-3 py-8 text-muted" role="status" aria-live="polite">
      <span className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-rose-500 border-t-transparent" aria-hidden />
      {text}
    </p>
  );
}
