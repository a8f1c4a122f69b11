import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One capitalisation for the app's own labels (ADR 095): sentence case ("Nueva cita", "Agenda del
// salón"), while the spec's quoted texts stay exactly as the spec writes them ("Nueva Cita" in the
// sidebar and the dashboard's quick actions). This scans the web's labels (JSX text, and the
// label / title / aria-label / placeholder strings) for a capitalised word after the first that is
// neither a proper name nor part of one of the spec's texts.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The spec's quoted texts written in Title Case (SPEC.md, as `spec-texts.mjs` lists them): kept as they are. */
export const SPEC_TITLE_CASE = [
  'Cargando Auna...', 'Ver Tratamientos', 'Nuestros Servicios', 'Seleccionar Servicio', 'Confirmar Cita para las',
  'Confirmar Cita', 'Mis Citas', 'Reservar Otro Servicio', 'Cancelar Cita', 'Mi Agenda', 'Nueva Cita', 'Cerrar Sesión',
  'Gestionar Servicios', 'Gestionar Empleados', 'Ver Citas', 'Configuración Salón', 'Citas de Hoy', 'Ingresos Potenciales',
  'Citas Completadas', 'Próxima Cita', 'Agenda de Hoy', 'Gestionar Citas', 'Añadir Servicio', 'Añadir Empleado',
  'Mi Salón de Belleza', 'Vincular Cuenta', 'Ej: Cabello, Uñas, Facial',
];

/**
 * Names, not words: brands, the salon's screens named by their menu entry ("Ver en Configuración"),
 * the roles' names and Spanish place names. A label may use them capitalised anywhere.
 */
const PROPER = new Set([
  'Auna', 'Google', 'WhatsApp', 'Apple', 'Outlook', 'Instagram', 'Bizum', 'Madrid', 'España', 'Europe',
  'Configuración', 'Informes', 'Caja', 'Recepción', 'Profesional', 'Administración', 'Ej',
]);

/** The capitalised words of a label that break sentence case (none: the label is fine). */
export function titleCaseWords(label: string): string[] {
  let text = label;
  // The spec's own texts, and anything quoted (a name: «Bono 6 sesiones láser», "Confirmo"), are not ours to recase.
  for (const s of [...SPEC_TITLE_CASE].sort((a, b) => b.length - a.length)) text = text.split(s).join(' · ');
  text = text.replace(/«[^»]*»|"[^"]*"|'[^']*'/g, ' · ');
  const out: string[] = [];
  // Each sentence, clause or item of a list starts afresh: after . : ! ? , · a capital may follow
  // ("Ej: Cabina 1, Láser de diodo" lists examples, as the spec's own placeholder does).
  for (const clause of text.split(/[.:!?,·|()\n—–-]+/)) {
    const words = clause.trim().split(/[\s/]+/).filter(Boolean);
    for (const w of words.slice(1)) {
      if (/^\p{Lu}\p{Ll}+$/u.test(w) && !PROPER.has(w)) out.push(w);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The labels of one source file: JSX text that reads as words, and the label-like props' strings. */
export function labelsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/>([^<>{}]+)</g)) {
    const t = m[1]!.replace(/\s+/g, ' ').trim();
    // Text only (code between a `>` and a `<`, such as generics or comparisons, has symbols).
    if (/^[\p{Lu}¿¡][\p{L}\d\s,'«»¿?¡!.:…-]*$/u.test(t) && t.split(' ').length <= 8) found.push(t);
  }
  for (const m of source.matchAll(/(?:\blabel|\btitle|aria-label|placeholder)\s*[=:]\s*(['"])([^'"\n]+)\1/g)) found.push(m[2]!);
  return found;
}

describe('labels are in sentence case (ADR 095)', () => {
  it('tells a Title Case label of ours from the spec texts, proper names and sentences', () => {
    expect(titleCaseWords('Agenda del Salón')).toEqual(['Salón']);
    expect(titleCaseWords('Nueva Cita')).toEqual([]);
    expect(titleCaseWords('Volver a Mis Citas')).toEqual([]);
    expect(titleCaseWords('Continuar con Google')).toEqual([]);
    expect(titleCaseWords('Guardado. Te avisaremos')).toEqual([]);
    expect(titleCaseWords('Aún no hay tipos de bono. Crea uno, por ejemplo «Bono 6 sesiones láser».')).toEqual([]);
    expect(titleCaseWords('Tarjetas Regalo')).toEqual(['Regalo']);
    expect(labelsOf(`<h2 className="x">\n  Cierre De Caja\n</h2> <Button label="Nuevo Bono" /> {a > b ? c : d < e}`)).toEqual(['Cierre De Caja', 'Nuevo Bono']);
  });

  it('every label of the web app', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, 'src/web'))) {
      for (const label of labelsOf(readFileSync(file, 'utf8'))) {
        const words = titleCaseWords(label);
        if (words.length) offenders.push(`${path.relative(ROOT, file)}: "${label}" (${words.join(', ')})`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

// One voice for dates too (ADR 099): a native <input type="date"> shows the browser's order
// (11/27/2026 in an English Chromium); every date the app asks for is the Spanish date field.
describe('every date field is the Spanish one (ADR 099)', () => {
  it('no native date input in the web app', () => {
    const natives = sourceFiles(path.join(ROOT, 'src/web')).filter((file) => /type=["'{]+date\b/.test(readFileSync(file, 'utf8')));
    expect(natives.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
