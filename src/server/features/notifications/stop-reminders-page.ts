import { escapeHtml } from '../../../domain/html';
import { STAFF_MSG } from '../../../domain/texts/staff';

// The page the emails' "No quiero recibir recordatorios" link opens: no login, no app bundle, the
// app's colours and type (src/web/styles.css) in a few inline rules (the CSP allows inline styles,
// not scripts). Its GET only asks; the button POSTs to the same address (ADR 029), so a mail
// scanner that follows every link stops nothing.

const STYLE = `
body{margin:0;background:#fbf8f5;color:#2e2327;font-family:'DM Sans Variable',ui-sans-serif,system-ui,sans-serif;line-height:1.5}
main{max-width:30rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e8dfd8;border-radius:1.25rem;padding:1.75rem;box-shadow:0 10px 30px -12px rgba(46,35,39,.15)}
.brand{font-family:'Cormorant Garamond Variable',ui-serif,Georgia,serif;font-size:1.75rem;color:#854d58;margin:0 0 1.25rem;text-align:center}
h1{font-family:'Cormorant Garamond Variable',ui-serif,Georgia,serif;font-weight:600;font-size:1.9rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
button{font:inherit;font-weight:600;background:#9e5f6a;color:#fff;border:0;border-radius:999px;padding:.75rem 1.5rem;cursor:pointer;min-height:44px}
button:hover{background:#854d58}
button:focus-visible{outline:3px solid #c8a26b;outline-offset:2px}
.done{background:#e3eee6;color:#3f6649;border-radius:.75rem;padding:1rem}
a{color:#854d58}`;

function page(body: string): string {
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(STAFF_MSG.stopRemindersTitle)} · Auna</title><style>${STYLE}</style></head>` +
    `<body><main><p class="brand">Auna</p><div class="card"><h1>${escapeHtml(STAFF_MSG.stopRemindersTitle)}</h1>${body}</div></main></body></html>`
  );
}

/** The question and its button; the form posts back to this very address (token in the query). */
export function stopRemindersAskPage(): string {
  return page(
    `<p>${escapeHtml(STAFF_MSG.stopRemindersQuestion)}</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">${escapeHtml(STAFF_MSG.stopRemindersButton)}</button></form>`,
  );
}

/** After the button: the confirmation, and where to turn them back on (Mis Citas, or the salon). */
export function stopRemindersDonePage(text: string, withAccount: boolean): string {
  return page(
    `<p class="done" role="status">${escapeHtml(text)}</p>` + (withAccount ? `<p><a href="/my-appointments">Mis Citas</a></p>` : ''),
  );
}
