import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { displayCell, type ReportTable } from '../../../domain/report-tables';

// One Informes chart with its numbers (ADR 042): the chart is a picture for the eye, the
// table under it is its reading for everyone (a screen reader, a keyboard, a printout), and the CSV
// link downloads the same rows.

/** A cell's content when a table shows more than its text (a link, a tint). */
type CellRender = (row: number, col: number, text: string) => ReactNode;
type TableEntry = { table: ReportTable; csv: string; open?: boolean; cell?: CellRender };

/** `action`: a control beside the title (e.g. the lost clients' days). */
export function ReportCard({ title, action, note, chart, tables, wide = false }: { title: string; action?: ReactNode; note?: ReactNode; chart?: ReactNode; tables: TableEntry[]; wide?: boolean }) {
  const heading = <h2 className="font-serif text-2xl">{title}</h2>;
  return (
    <section aria-label={title} className={`${CARD} ${wide ? 'lg:col-span-2' : ''}`}>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {note && <p className="mt-1 text-sm text-muted">{note}</p>}
      {chart && (
        <div role="img" aria-label={`Gráfico: ${title}. Sus cifras están en la tabla.`} className="mt-4">
          {chart}
        </div>
      )}
      {tables.map((t) => (
        <TableBlock key={t.table.caption} {...t} />
      ))}
    </section>
  );
}

function TableBlock({ table, csv, open, cell }: TableEntry) {
  const body = <DataTable table={table} cell={cell} />;
  const link = (
    <a href={csv} download className="inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-medium text-rose-700 underline-offset-4 hover:underline">
      <Download className="h-4 w-4" aria-hidden />
      Descargar CSV<span className="sr-only">: {table.caption}</span>
    </a>
  );
  if (open) {
    return (
      <div className="mt-4">
        {body}
        <div className="mt-2">{link}</div>
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-1">
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-xl px-2 text-sm font-medium text-ink">
          Ver tabla<span className="sr-only">: {table.caption}</span>
        </summary>
        <div className="mt-2">{body}</div>
      </details>
      {link}
    </div>
  );
}

/** A report's card; a wide one takes both columns of the desktop grid. */
export const CARD = 'min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:p-6';

function DataTable({ table, cell }: { table: ReportTable; cell?: CellRender }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-muted">{table.caption}</caption>
        <thead>
          <tr className="border-b border-line">
            {table.columns.map((c, i) => (
              <th key={c.label} scope="col" className={`px-2 py-2 font-medium text-muted ${i === 0 ? 'text-left' : 'text-right'}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 && (
            <tr>
              <td colSpan={table.columns.length} className="px-2 py-3 text-muted">
                Nada en este periodo.
              </td>
            </tr>
          )}
          {table.rows.map((row, r) => (
            <tr key={r} className="border-b border-line/60 last:border-0">
              {row.map((v, i) => {
                const text = displayCell(table.columns[i]!.kind, v);
                const content = cell ? cell(r, i, text) : text;
                return i === 0 ? (
                  <th key={i} scope="row" className="px-2 py-2 text-left font-normal">
                    {content}
                  </th>
                ) : (
                  <td key={i} className="px-2 py-2 text-right tabular-nums">
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
