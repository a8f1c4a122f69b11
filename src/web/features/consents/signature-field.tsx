import SignaturePad from 'signature_pad';
import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';

// The signature drawn with a finger, a pen or the mouse (signature_pad 5, loaded only with the
// signing pages' chunks: never in a client's first view). The server takes a PNG of at most
// 200 KB: the canvas is drawn at most at twice its CSS size, which keeps a signature well under
// that on any phone.

const MAX_RATIO = 2;

/** Sizes the canvas to its box (in device pixels, capped) and keeps what was drawn. */
function fit(canvas: HTMLCanvasElement, pad: SignaturePad) {
  const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
  const width = Math.round(canvas.offsetWidth * ratio);
  if (width === canvas.width) return; // a phone's address bar hiding is a resize: nothing to redo
  const data = pad.toData();
  canvas.width = width;
  canvas.height = Math.round(canvas.offsetHeight * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (data.length) pad.fromData(data);
}

/**
 * The signature box: "Firma aquí con el dedo" names the canvas for screen readers, the error
 * ("La firma es obligatoria.") is read with it, "Borrar firma" starts again. `onChange` gets the
 * PNG (a data URL) after each stroke, or null once cleared.
 */
export function SignatureField({
  error,
  disabled,
  onChange,
}: {
  error: string | null;
  disabled?: boolean;
  onChange: (png: string | null) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const id = useId();

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { penColor: '#2e2327', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    fit(canvas, pad);
    const onEnd = () => changed.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEnd);
    const onResize = () => fit(canvas, pad);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-label`} className="text-sm font-medium text-ink">
          Firma aquí con el dedo
        </p>
        <button
          type="button"
          onClick={clear}
          disabled={disabled}
          className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-sand disabled:opacity-55"
        >
          <Eraser className="h-4 w-4" aria-hidden />
          Borrar firma
        </button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        aria-invalid={error ? true : undefined}
        data-testid="signature-canvas"
        // touch-none: the finger draws instead of scrolling the page.
        className={`h-48 w-full touch-none rounded-2xl border-2 border-dashed bg-white sm:h-56 ${error ? 'border-brick' : 'border-line'}`}
      />
      <p id={`${id}-help`} className="text-xs text-muted">
        Dibuja tu firma dentro del recuadro con el dedo, un lápiz táctil o el ratón.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-brick">
          {error}
        </p>
      )}
    </div>
  );
}
