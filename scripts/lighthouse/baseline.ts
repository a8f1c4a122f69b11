import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { BaselinePage } from './baseline-page';

// Serves the baseline page on loopback: rendered on the server and hydrated in the browser by the
// app's own react and react-dom (node_modules, production build, minified like Vite's), so
// Lighthouse can measure the machine's speed in the same run as the app's pages (docs/benchmarks.md, "Lighthouse").

const HERE = path.dirname(fileURLToPath(import.meta.url));

export async function serveBaseline(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const bundle = await build({
    entryPoints: [path.join(HERE, 'baseline-entry.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  // Compressed like the app's assets, so the two download alike on the simulated slow link.
  const script = gzipSync(bundle.outputFiles[0]!.contents);
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Referencia</title><meta name="description" content="Página de referencia"></head><body><div id="root">${renderToString(createElement(BaselinePage))}</div><script type="module" src="/baseline.js"></script></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === '/baseline.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
