import type { Context } from 'hono';
import { OPERATIONS_MSG } from '../../domain/texts/operations';
import { RETRY_AFTER_S } from './errors';

// Self-contained: while the database is down nothing else is asked for (no script, no font, no
// asset that could itself fail); the salon's colours inline (style-src allows inline styles).
const PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${OPERATIONS_MSG.unavailableTitle} · Auna</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fbf8f5; color: #2e2327;
         font-family: ui-sans-serif, system-ui, sans-serif; line-height: 1.6; }
  main { max-width: 30rem; margin: 2rem 1.5rem; padding: 2.5rem 2rem; background: #fff; border-radius: 1.25rem;
         box-shadow: 0 10px 30px -12px rgba(46, 35, 39, 0.18); text-align: center; }
  .mark { width: 3.5rem; height: 3.5rem; margin: 0 auto 1.25rem; border-radius: 50%; background: #f8eef0;
          display: grid; place-items: center; color: #9e5f6a; font-size: 1.75rem; font-family: Georgia, serif; }
  h1 { font-family: 'Cormorant Garamond', Georgia, serif; font-weight: 500; font-size: 2rem; line-height: 1.2; margin: 0 0 0.75rem; }
  p { margin: 0; color: #6f6266; }
</style>
</head>
<body>
<main>
  <div class="mark" aria-hidden="true">A</div>
  <h1>${OPERATIONS_MSG.unavailableTitle}</h1>
  <p>${OPERATIONS_MSG.unavailablePage}</p>
</main>
</body>
</html>`;

/** A page's answer while the database is out of reach. */
export function unavailablePage(c: Context) {
  c.header('Retry-After', String(RETRY_AFTER_S));
  c.header('Cache-Control', 'no-store');
  return c.html(PAGE, 503);
}
