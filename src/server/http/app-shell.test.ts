import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppShell } from './app-shell';

// The shell's HTML for a client-rendered page and for a server-rendered first view
// (docs/decisions/011-app-shell-hints.md, 014-first-view-rendered-on-the-server.md), on a built
// index.html as Vite writes it.

const dir = mkdtempSync(path.join(os.tmpdir(), 'auna-shell-'));
mkdirSync(path.join(dir, '.vite'));
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html>
<html lang="es">
  <head>
    <title>Auna</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root">
      <div role="status"><p>Cargando...</p></div>
    </div>
  </body>
</html>
`,
);
writeFileSync(
  path.join(dir, '.vite/manifest.json'),
  JSON.stringify({
    'main.tsx': { file: 'assets/index-A.js', isEntry: true, imports: ['_jsx.js'] },
    '_jsx.js': { file: 'assets/jsx-B.js' },
    'features/services/services-page.tsx': { file: 'assets/services-D.js', imports: ['_jsx.js', '_list.js'] },
    '_list.js': { file: 'assets/list-E.js' },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const user = { uid: 'u1', displayName: 'Ana $& $\' </script>', email: 'ana@example.com', photoURL: null, role: 'client' };

describe('app shell', () => {
  const shell = createAppShell(dir);

  it('a client-rendered page keeps the entry script, gets its chunks as modulepreload and the session', () => {
    const html = shell('/services', user);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/services-D.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/list-E.js">');
    expect(html.match(/jsx-B\.js/g)).toHaveLength(1); // the entry's own chunk: Vite's link only
    expect(html).toContain('<p>Cargando...</p>');
    expect(html).not.toContain('boot.js');
  });

  it('a server-rendered page carries the page and its data, and hands every script to boot.js', () => {
    const html = shell('/services', user, { html: '<main><h1>Nuestros Servicios</h1></main>', queries: [[['catalog', 'services'], [{ name: '<b>' }]]] });
    expect(html).toContain('<div id="root"><main><h1>Nuestros Servicios</h1></main></div>');
    expect(html).not.toContain('Cargando...');
    // No script of the app before the first paint: not the entry, not a modulepreload.
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(html).toContain('<script src="/boot.js" defer data-entry="/assets/index-A.js" data-preload="/assets/jsx-B.js /assets/services-D.js /assets/list-E.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    const data = /<script type="application\/json" id="auna-first-view">(.*?)<\/script>/s.exec(html)?.[1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data!)).toEqual([[['catalog', 'services'], [{ name: '<b>' }]]]);
  });

  it('inserts text as it is: "$&" and "$\'" in a name are not replacement patterns', () => {
    for (const html of [shell('/', user), shell('/', user, { html: '<p>x</p>', queries: [] })]) {
      const block = /<script type="application\/json" id="auna-session">(.*?)<\/script>/s.exec(html)?.[1];
      expect(JSON.parse(block!)).toEqual(user);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
    }
  });
});
