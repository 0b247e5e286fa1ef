// The verifier page (issue 16): a player's browser checks an audit bundle by itself. The core
// (core.js: hashes, chains, seals, epochs, every die, shuffle and card, with WebCrypto) decides
// and the games' own rules are checked by the standalone verifier's Python under Pyodide
// (rules.js); "verified" needs both. If the rules cannot run here, the verdict says so in words:
// the dice and cards hold, the rules were not checked.

import { parseJSON, plural, rederivedWords, verifyBundle } from "./core.js";

/** Hex receipts typed by a player, one per line, as the standalone verifier reads them. */
function receiptsFrom(id) {
  const field = document.getElementById(id);
  if (!field) return [];
  return field.value
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0);
}

/** Why a kept seal or commitment typed on the page cannot be one (null when each can): a receipt
 * prints 64 hexadecimal digits. A typo is the reader's slip, said as `verify.pyz` says it, never a
 * journal that no longer holds it (ruling FP14). */
function misreadReceipt() {
  for (const [id, what] of [["kept-seals", "seal"], ["kept-commitments", "commitment"]]) {
    const field = document.getElementById(id);
    for (const line of field ? field.value.split(/\r?\n/).map((l) => l.trim()) : []) {
      if (line.length > 0 && !/^[0-9a-fA-F]{64}$/.test(line)) {
        const shown = line.length <= 20 ? line : `${line.slice(0, 19)}…`;
        return `A kept ${what} takes 64 hexadecimal digits, as a receipt prints them, not “${shown}”: correct it to check the campaign against it.`;
      }
    }
  }
  return null;
}

function show(verdict, state, text, place = null) {
  if (state === null) delete verdict.dataset.state;
  else verdict.dataset.state = state;
  if (place === null) delete verdict.dataset.place;
  else verdict.dataset.place = place;
  verdict.textContent = text;
}

function held(report) {
  const parts = [plural(report.events, "event", "events"), rederivedWords(report.draws, report.shuffles)];
  if (report.hidden) parts.push(`${plural(report.hidden, "entry", "entries")} still face down`);
  // A GM's bundle reads them in full, though the players see them face down (ruling EB53).
  if (report.readFaceDown) {
    parts.push(`${plural(report.readFaceDown, "entry", "entries")} face down to the players until their dice are revealed, read in full here`);
  }
  parts.push(`${plural(report.seals, "seal holds", "seals hold")}`);
  if (report.receipts) parts.push(`${plural(report.receipts, "kept receipt", "kept receipts")} extended`);
  return parts.join(", ");
}

/** The games' rules' verdict (rules.js, Python under Pyodide): ``{report}``, or why there is none. */
async function rulesOf(text, receipts, urls) {
  let module;
  try {
    module = await import("./rules.js");
  } catch (error) {
    return { error, why: "their checker could not be loaded on this page" };
  }
  try {
    return { report: await module.checkRules(text, receipts, urls) };
  } catch (error) {
    return { error, why: "their checker stopped before it could give a verdict" };
  }
}

/** Check one bundle's text and write the verdict (unless ``current()`` says a newer check began). */
export async function check(text, verdict, urls = {}, current = () => true) {
  const say = (...args) => current() && show(verdict, ...args);
  say("running", "Checking in your browser…");
  const misread = misreadReceipt();
  if (misread !== null) {
    say("misread", misread);
    return;
  }
  const receipts = { seals: receiptsFrom("kept-seals"), commitments: receiptsFrom("kept-commitments") };
  let bundle;
  try {
    bundle = parseJSON(text);
  } catch (error) {
    say("failed", `FAILED at bundle: it cannot be read as JSON (${error.message})`, "bundle");
    return;
  }
  const core = await verifyBundle(bundle, receipts);
  const rules = await rulesOf(text, receipts, urls);
  if (!core.ok) {
    // Both verifiers stop at their first failure, each in its own order: the complete one (the
    // standalone verifier's own Python) names the place `verify.pyz` names on the same bundle.
    const first = rules.report && !rules.report.ok ? rules.report : core;
    say("failed", `FAILED at ${first.place}: ${first.failure}`, first.place);
    return;
  }
  if (!rules.report) {
    console.warn("The games' rules could not be checked:", rules.error);
    say("dice-only", `The dice and cards hold in your browser (${held(core)}), but the games' rules could not be checked here: ${rules.why}.`);
    return;
  }
  if (!rules.report.ok) {
    say("failed", `FAILED at ${rules.report.place}: ${rules.report.failure}`, rules.report.place);
    return;
  }
  const outcomes = plural(rules.report.rederived, "outcome", "outcomes");
  say("verified", `Verified in your browser: ${held(core)}, ${outcomes} re-derived by the games' rules.`);
}

function start() {
  const root = document.getElementById("verifier");
  const verdict = document.getElementById("verdict");
  if (!root || !verdict) return;
  const urls = {};
  if (root.dataset.pyodideUrl) urls.pyodide = root.dataset.pyodideUrl;
  if (root.dataset.verifierUrl) urls.verifier = root.dataset.verifierUrl;
  let last = null; // the bundle last checked, checked again when the kept receipts change
  let checks = 0; // only the latest check writes its verdict
  const run = (text) => {
    last = text;
    const mine = ++checks;
    const current = () => mine === checks;
    return check(text, verdict, urls, current).catch((error) => {
      if (current()) {
        show(verdict, "failed", `FAILED at the journal or bundle: it could not be checked (${error.message})`, "the journal or bundle");
      }
    });
  };
  const input = document.getElementById("bundle-file");
  if (input) {
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (file) await run(await file.text());
    });
  }
  for (const id of ["kept-seals", "kept-commitments"]) {
    const field = document.getElementById(id);
    if (field) field.addEventListener("change", () => last !== null && run(last));
  }
  const url = root.dataset.bundleUrl;
  if (url) {
    show(verdict, "running", "Fetching the campaign's audit bundle…");
    fetch(url, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`the server answered ${response.status}`);
        return response.text();
      })
      .then(run, (error) => {
        show(verdict, "failed", `FAILED at bundle: it could not be fetched (${error.message})`, "bundle");
      });
  } else {
    show(verdict, null, "Pick an audit bundle (a .json file) to check it here.");
  }
}

start();
