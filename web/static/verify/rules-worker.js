// The rules re-derivation of FAIRNESS.md v2, in a module Web Worker: Pyodide (CPython compiled to
// WebAssembly, vendored in ../pyodide/) runs the very modules of the standalone verifier
// (verify.pyz, the zip application `chronique audit verifier` writes), so what the rules made of
// the chance is checked in the player's browser by the code `chronique verify` runs. The page
// stays responsive while Python loads and works. No eval: 'wasm-unsafe-eval' is all it needs.

let loading = null; // the promise of the worker's one interpreter, made by the first request
let loadedFrom = null; // the Pyodide folder it comes from
let verifier = null; // the URL of the verify.pyz whose modules are imported
let unpacking = null; // the promise of its modules unpacked and on sys.path
let unpacked = 0;
let check = null; // Python's _chronique_check
let loadMilliseconds = 0;
let loadReported = false;

// What the site's content security policy refused in this worker, reported with every answer: a
// Pyodide that quietly fell back on eval would show here, not only in the browser's console.
const refused = [];
self.addEventListener("securitypolicyviolation", (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));

// Python's side: the same call and the same answer to unreadable JSON as verify.pyz's __main__.
const CHECK = `
import json

def _chronique_check(bundle_text, seals, commitments):
    from chronique.domain.referees import all_rules
    from chronique.domain.verifier import Receipts, verify_bundle

    try:
        bundle = json.loads(bundle_text)
    except ValueError as error:
        place, failure = "bundle", f"it cannot be read as JSON ({error})"
        return json.dumps({"ok": False, "place": place, "failure": failure, "rederived": 0, "summary": f"FAILED at {place}: {failure}"})
    receipts = Receipts(tuple(s.strip().lower() for s in seals), tuple(c.strip().lower() for c in commitments))
    report = verify_bundle(bundle, all_rules(), receipts)
    return json.dumps({"ok": report.ok, "place": report.place, "failure": report.failure, "rederived": report.rederived, "summary": report.summary()})
`;

// A verifier of another URL replaces the one imported: its folder leads sys.path, and the
// chronique modules of the former one are forgotten.
const SWITCH = `
import sys

def _chronique_use(folder):
    sys.path[:] = [p for p in sys.path if not p.startswith("/chronique-verifier/")]
    sys.path.insert(0, folder)
    for name in [n for n in sys.modules if n == "chronique" or n.startswith("chronique.")]:
        del sys.modules[name]
`;

// Requests may come before Python is loaded: they all wait on the same load, and on the same
// fetch of verify.pyz; a load that failed is tried again by the next request.
function interpreter(base) {
  if (loading === null) {
    loading = load(base);
    loading.catch(() => {
      loading = null;
    });
  } else if (loadedFrom !== base) {
    return Promise.reject(new Error(`Python is already loaded from ${loadedFrom}`));
  }
  loadedFrom = base;
  return loading;
}

async function load(base) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const started = performance.now();
  const python = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {} });
  python.runPython(CHECK);
  python.runPython(SWITCH);
  check = python.globals.get("_chronique_check");
  loadMilliseconds = performance.now() - started;
  return python;
}

function useVerifier(python, url) {
  if (verifier !== url) {
    verifier = url;
    unpacking = unpack(python, url);
    unpacking.catch(() => {
      verifier = null;
    });
  }
  return unpacking;
}

async function unpack(python, url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the verifier could not be fetched from ${url} (HTTP ${response.status})`);
  const folder = `/chronique-verifier/${++unpacked}`;
  python.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: folder });
  const use = python.globals.get("_chronique_use");
  use(folder);
  use.destroy();
}

self.onmessage = async (message) => {
  const { id, bundleText, seals, commitments, urls } = message.data;
  try {
    const python = await interpreter(urls.pyodide);
    await useVerifier(python, urls.verifier);
    const started = performance.now();
    // JavaScript arrays of strings reach Python as iterables of str; the bundle stays JSON text
    // until Python reads it, so integers beyond 2**53 keep every digit.
    const answer = JSON.parse(check(bundleText, seals, commitments));
    // The load's time goes with the first answer only: later ones found Python loaded.
    answer.milliseconds = { load: loadReported ? 0 : loadMilliseconds, verify: performance.now() - started };
    loadReported = true;
    answer.refused = [...refused];
    self.postMessage({ id, answer });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
