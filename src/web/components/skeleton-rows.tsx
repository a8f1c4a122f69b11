/**
 * Three placeholder rows while a list of appointments loads (a time block and two lines each),
 * announced once as loading. The list's own look comes in through the class names.
 */
export function SkeletonRows({
  text,
  className,
  rowClassName,
  sizes,
}: {
  /** What a screen reader hears, e.g. 'Cargando citas...'. */
  text: string;
  className: string;
  rowClassName: string;
  /** Height and width classes of the time block, the first line and the second line. */
  sizes: readonly [string, string, string];
}) {
  const [time, first, second] = sizes;
  return (
    <div className={className} role="status" aria-live="polite">
      <span className="sr-only">{text}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`flex gap-4 ${rowClassName}`}>
          <div className={`${time} animate-pulse rounded-lg bg-sand`} />
          <div className="flex-1 space-y-2">
            <div className={`${first} animate-pulse rounded bg-sand`} />
            <div className={`${second} animate-pulse rounded bg-sand`} />
          </div>
        </div>
      ))}
    </div>
  );
}
