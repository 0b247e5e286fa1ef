// What the rules made of the chance, checked in the player's browser (FAIRNESS.md v2, "Rules
// re-derivation"): the modules of the standalone verifier (verify.pyz) run under Pyodide in a
// module Web Worker (rules-worker.js), so the page stays responsive and the verdict is the one
// `chronique verify` and `python verify.pyz` give, by the same code.

const workers = new Map(); // one worker per Pyodide folder: Python loads once, then is reused
let asked = 0;

function workerFor(pyodide) {
  let entry = workers.get(pyodide);
  if (entry === undefined) {
    const worker = new Worker(new URL("rules-worker.js", import.meta.url), { type: "module" });
    entry = { worker, waiting: new Map() };
    worker.onmessage = (message) => {
      const { id, answer, error } = message.data;
      const pending = entry.waiting.get(id);
      entry.waiting.delete(id);
      if (pending === undefined) return;
      if (error === undefined) pending.resolve(answer);
      else pending.reject(new Error(error));
    };
    worker.onerror = (event) => {
      // A worker that cannot even start (its script refused, a syntax error) fails every request.
      event.preventDefault();
      workers.delete(pyodide);
      for (const pending of entry.waiting.values()) pending.reject(new Error(`the rules verifier could not start: ${event.message || "unknown error"}`));
      entry.waiting.clear();
    };
    workers.set(pyodide, entry);
  }
  return entry;
}

/**
 * Verify a bundle with the Python verifier: chains, epochs, seals, chance and the rules.
 *
 * @param {object|string} bundle the audit bundle, parsed or as its JSON text (the text keeps
 *   integers beyond 2**53 exact, which a parsed JavaScript object cannot).
 * @param {{seals?: string[], commitments?: string[]}} receipts what the player kept, in hex.
 * @param {{pyodide?: string|URL, verifier?: string|URL}} urls where Pyodide's folder (ending with
 *   "/") and verify.pyz are; by default ../pyodide/ and verify.pyz beside this module.
 * @returns {Promise<{ok: boolean, place: string|null, failure: string|null, rederived: number,
 *   summary: string, milliseconds: {load: number, verify: number}}>} the Python Report's verdict.
 */
export async function checkRules(bundle, receipts = {}, urls = {}) {
  const pyodide = new URL(urls.pyodide ?? new URL("../pyodide/", import.meta.url), location.href).href;
  const verifier = new URL(urls.verifier ?? new URL("verify.pyz", import.meta.url), location.href).href;
  const bundleText = typeof bundle === "string" ? bundle : JSON.stringify(bundle);
  const entry = workerFor(pyodide);
  const id = ++asked;
  return new Promise((resolve, reject) => {
    entry.waiting.set(id, { resolve, reject });
    entry.worker.postMessage({
      id,
      bundleText,
      seals: [...(receipts.seals ?? [])].map(String),
      commitments: [...(receipts.commitments ?? [])].map(String),
      urls: { pyodide, verifier },
    });
  });
}
