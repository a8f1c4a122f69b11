import { Download } from 'lucide-react';

/**
 * "Descargar PDF" of a signed consent (ADR 041), shaped as a secondary button: the client's list,
 * the signing page's thank-you and the client record. `title` names the document to a screen
 * reader, since a list has one such link per document.
 */
export function PdfDownloadLink({ href, title }: { href: string; title: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-line bg-white px-5 text-sm font-medium text-ink hover:bg-sand"
    >
      <Download className="h-4 w-4" aria-hidden />
      Descargar PDF<span className="sr-only">: {title}</span>
    </a>
  );
}
