// The engine's thread: the page stays responsive while it solves, and cancelling is
// terminating this worker (WebAssembly cannot be interrupted from outside otherwise).
import init, * as engine from './pkg/attackopt_web.js';

const ready = init();
// Only the engine's entry points, never an arbitrary export.
const ENTRY_POINTS = new Set(['about', 'models', 'validate', 'declaration_from_line', 'declare_attackers', 'check', 'solve', 'enumerate', 'import_forge', 'import_names']);

self.onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    await ready;
    if (!ENTRY_POINTS.has(fn)) throw new Error(`unknown entry point ${fn}`);
    const started = performance.now();
    const out = engine[fn](...args);
    self.postMessage({ id, out, ms: performance.now() - started });
  } catch (err) {
    // A panic in the engine (an internal error) traps the WebAssembly instance: the page
    // replaces this worker before the next request.
    const error = { code: 70, message: `internal error: the engine stopped (${err})`, path: null };
    self.postMessage({ id, out: JSON.stringify({ error }), ms: 0, crashed: true });
  }
};
