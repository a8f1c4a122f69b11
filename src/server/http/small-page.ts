import { escapeHtml } from '../../domain/html';

// The few pages the server renders itself, reached from a message's link without signing in (the
// stop-reminders page, ADR 029; the confirm/cancel page of a visit, ADR 057): no login, no app
// bundle, the app's colours and type (src/web/styles.css) in a few inline rules (the CSP allows
// inline styles, not scripts).

const STYLE = `
body{margin:0;background:#fbf8f5;color:#2e2327;font-family:'DM Sans Variable',ui-sans-serif,system-ui,sans-serif;line-height:1.5}
main{max-width:30rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e8dfd8;border-radius:1.25rem;padding:1.75rem;box-shadow:0 10px 30px -12px rgba(46,35,39,.15)}
.brand{font-family:'Cormorant Garamond Variable',ui-serif,Georgia,serif;font-size:1.75rem;color:#854d58;margin:0 0 1.25rem;text-align:center}
h1{font-family:'Cormorant Garamond Variable',ui-serif,Georgia,serif;font-weight:600;font-size:1.9rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
dl{margin:0 0 1.25rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem}
dt{color:#6f6266}dd{margin:0;font-weight:500}
form{display:inline}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;font-weight:600;background:#9e5f6a;color:#fff;border:0;border-radius:999px;padding:.75rem 1.5rem;cursor:pointer;min-height:44px}
button:hover{background:#854d58}
button.secondary{background:#fff;color:#2e2327;border:1px solid #e8dfd8}
button.secondary:hover{background:#f4ede6}
button:focus-visible{outline:3px solid #c8a26b;outline-offset:2px}
.done{background:#e3eee6;color:#3f6649;border-radius:.75rem;padding:1rem}
.note{background:#f7efe0;border-radius:.75rem;padding:1rem}
a{color:#854d58}`;

/** A whole page: the brand, then a card with `title` and `body` (HTML we wrote, its texts escaped). */
export function smallPage(title: string, body: string, brand = 'Auna'): string {
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="same-origin"><title>${escapeHtml(title)} · ${escapeHtml(brand)}</title><style>${STYLE}</style></head>` +
    `<body><main><p class="brand">${escapeHtml(brand)}</p><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main></body></html>`
  );
}
