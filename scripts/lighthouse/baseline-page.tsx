import { useState } from 'react';

// The baseline of `npm run lighthouse` (docs/benchmarks.md): the smallest page a React 19 app hydrates, a
// heading, a line and a button with state. Whatever its TBT is, it is the machine's and React's
// own cost at that moment, not Auna's: each page's figures are read next to it.
export function BaselinePage() {
  const [taps, setTaps] = useState(0);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '32rem', margin: '3rem auto', padding: '0 1rem' }}>
      <h1>Página de referencia</h1>
      <p>La misma versión de React que la aplicación hidrata esta página mínima.</p>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        Pulsada {taps} veces
      </button>
    </main>
  );
}
