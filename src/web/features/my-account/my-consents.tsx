import { useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { documentPdfUrl, myConsentsQuery } from '../../api/consents';
import { formatDateLong } from '../../lib/format';
import { PdfDownloadLink } from '../../components/pdf-download-link';

/**
 * "Tus consentimientos" under Mis Citas (ADR 041): each document she signed, with its
 * PDF. A chunk of its own, loaded after the page (lazy in my-appointments-page.tsx): the first view
 * stays as light as before. Nothing while she has none.
 */
export default function MyConsents() {
  const q = useQuery(myConsentsQuery());
  if (!q.data || q.data.length === 0) return null;
  return (
    <section
      aria-labelledby="tus-consentimientos"
      className="mt-12 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="tus-consentimientos" className="flex items-center gap-2 text-2xl">
        <FileSignature className="h-5 w-5 text-rose-700" aria-hidden /> Tus consentimientos
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {q.data.map((d) => (
          <li key={d.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="font-medium">{d.title}</span>
              <span className="block text-sm text-muted first-letter:uppercase">Firmado el {formatDateLong(new Date(d.signedAt))}</span>
            </span>
            <PdfDownloadLink href={documentPdfUrl(d.id)} title={d.title} />
          </li>
        ))}
      </ul>
    </section>
  );
}
