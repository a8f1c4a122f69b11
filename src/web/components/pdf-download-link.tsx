import { Download } from 'lucide-react';
import { buttonClass } from './button';

/**
 * "Descargar PDF" of a signed consent (ADR 041), drawn as a secondary button like the salon's other
 * download links: the client's list, the signing page's thank-you and the client record. `title`
 * names the document to a screen reader, since a list has one such link per document.
 */
export function PdfDownloadLink({ href, title }: { href: string; title: string }) {
  return (
    <a href={href} download className={buttonClass('secondary')}>
      <Download className="h-4 w-4" aria-hidden />
      Descargar PDF<span className="sr-only">: {title}</span>
    </a>
  );
}
