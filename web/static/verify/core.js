// The in-browser verifier's core (issue 16; shared/FAIRNESS.md, chronique-fair-v1 and v2).
//
// It checks an audit bundle with nothing but the browser's WebCrypto: every hash and chain, the
// epochs read from the chain, revealed seeds against their commitments, player entropy, epoch keys,
// every chance primitive re-derived from its draw place, face-down entries and their salts, seals,
// kept receipts, and card order (a deck's draws are the next cards of its recorded shuffles).
// It is a port of domain/verifier.py, domain/fairness.py and domain/deck_rules.py, and names the
// first failing place exactly as they do. A game's own rules are checked elsewhere (rules.js).
//
// Values are read the way Python's json module reads them (integers beyond 2^53 stay exact,
// floats keep their kind) and compared the way Python compares them, so that canonical bytes and
// verdicts agree with the Python verifier on any bundle, honest or forged.

export const FORMAT_V1 = "chronique-fair-v1";
export const FORMAT_V2 = "chronique-fair-v2";
const FORMATS = [FORMAT_V1, FORMAT_V2];
const GENESIS_HASH = "0".repeat(64);
const CAMPAIGN = "chronique.domain.campaign:Campaign.";
const BOUNDARIES = [CAMPAIGN + "Created", CAMPAIGN + "SessionStarted", CAMPAIGN + "SessionEnded"];
const SEALED = CAMPAIGN + "Sealed";
const ENTROPY = CAMPAIGN + "EntropyAdded";
const ENVELOPE = ["topic", "originator_id", "originator_version", "prev_hash", "sealed_until"];
const DECK = "chronique.domain.deck:Deck.";
const CHARACTER = "chronique.domain.character:Character.";

// The golden event catalog's chance-consuming and face-down types (every game's and the decks'),
// as domain/referees.py all_rules() declares them; tests/web/test_browser_verifier.py pins them.
export const CHANCE_TOPICS = new Set([
  "chronique.domain.deck:Deck.Shuffled",
  "chronique.domain.rulesets.elor.events:DamageTaken",
  "chronique.domain.rulesets.elor.events:ProgressionRolled",
  "chronique.domain.rulesets.elor.events:RiskRolled",
  "chronique.domain.rulesets.elor.events:TestRolled",
  "chronique.domain.rulesets.elor.events:WakeTested",
  "chronique.domain.rulesets.microfudge.events:FirstAidGiven",
  "chronique.domain.rulesets.microfudge.events:PowerUsed",
  "chronique.domain.rulesets.microfudge.events:SimpleConflictRolled",
  "chronique.domain.rulesets.microfudge.events:TestRolled",
  "chronique.domain.rulesets.westernparade.body_events:BloodLost",
  "chronique.domain.rulesets.westernparade.body_events:CareGiven",
  "chronique.domain.rulesets.westernparade.body_events:ComaEndured",
  "chronique.domain.rulesets.westernparade.body_events:FirstAidGiven",
  "chronique.domain.rulesets.westernparade.body_events:HeadBulletRolled",
  "chronique.domain.rulesets.westernparade.body_events:InfectionRolled",
  "chronique.domain.rulesets.westernparade.body_events:PutOutOfAction",
  "chronique.domain.rulesets.westernparade.body_events:RallyRolled",
  "chronique.domain.rulesets.westernparade.body_events:SoberingAttempted",
  "chronique.domain.rulesets.westernparade.body_events:WeaponPulled",
  "chronique.domain.rulesets.westernparade.body_events:WoundReopened",
  "chronique.domain.rulesets.westernparade.body_events:WoundTaken",
  "chronique.domain.rulesets.westernparade.downtime_events:ActivityRolled",
  "chronique.domain.rulesets.westernparade.downtime_events:ImprovementRolled",
  "chronique.domain.rulesets.westernparade.events:BlowStruck",
  "chronique.domain.rulesets.westernparade.events:CheckRolled",
  "chronique.domain.rulesets.westernparade.events:ShotFired",
]);
export const FACE_DOWN_TOPICS = new Set([
  "chronique.domain.deck:Deck.CardsDrawn",
  "chronique.domain.deck:Deck.Shuffled",
  "chronique.domain.rulesets.cartes.events:CardsDealt",
  "chronique.domain.rulesets.cartes.events:PileRefilled",
  "chronique.domain.rulesets.cartes.events:SupportReceived",
  "chronique.domain.rulesets.cartes.events:TestMade",
  "chronique.domain.rulesets.elor.events:DamageTaken",
  "chronique.domain.rulesets.elor.events:TestRolled",
  "chronique.domain.rulesets.microfudge.events:AtoutPlayed",
  "chronique.domain.rulesets.microfudge.events:FirstAidGiven",
  "chronique.domain.rulesets.microfudge.events:PowerUsed",
  "chronique.domain.rulesets.microfudge.events:RecoveryPaced",
  "chronique.domain.rulesets.microfudge.events:SetbackRecovered",
  "chronique.domain.rulesets.microfudge.events:SetbackSuffered",
  "chronique.domain.rulesets.microfudge.events:SimpleConflictRolled",
  "chronique.domain.rulesets.microfudge.events:TestRolled",
  "chronique.domain.rulesets.westernparade.events:CheckRolled",
]);

// -- values as Python's json module reads them ---------------------------------------------------

/** A JSON number with a fraction or an exponent: Python reads it as a float, and writes it back
 * with repr(), which differs from an integer's form (1.0, 1e+16). */
export class PyFloat {
  constructor(value) {
    this.value = value;
  }
}

/** Parse JSON text as Python's json.loads would: integers exact (a Number when safe, else a
 * BigInt), floats as PyFloat. */
export function parseJSON(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value !== "number") return value;
    const source = context && typeof context.source === "string" ? context.source : String(value);
    if (/^-?\d+$/.test(source)) {
      return Number.isSafeInteger(value) ? value : BigInt(source);
    }
    return new PyFloat(value);
  });
}

/** Something Python would have raised on (a KeyError, a TypeError...): the bundle is damaged. */
class Damaged extends Error {}

/** The verdict on a bundle whose shape the verifier cannot follow, domain/verifier.py's DAMAGED (ruling FP23). */
export const DAMAGED = "it is damaged and cannot be read: a value it holds is not of the kind a Chronique journal records there";

/** The first place where the bundle does not hold, and why (domain/verifier.py Failed). */
class Failed extends Error {
  constructor(place, why) {
    super(why);
    this.place = place;
    this.why = why;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof PyFloat);
const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
const get = (obj, key, otherwise = null) => (has(obj, key) ? obj[key] : otherwise);
const isNumeric = (v) => typeof v === "number" || typeof v === "bigint" || typeof v === "boolean" || v instanceof PyFloat;

function need(obj, key) {
  if (Array.isArray(obj)) throw new Damaged("TypeError: list indices must be integers or slices, not str");
  if (!isObject(obj)) throw new Damaged(`TypeError: ${typeName(obj)} object is not subscriptable`);
  if (!has(obj, key)) throw new Damaged(`KeyError: ${pyRepr(key)}`);
  return obj[key];
}

function typeName(v) {
  if (v === null || v === undefined) return "'NoneType'";
  if (typeof v === "string") return "'str'";
  if (typeof v === "boolean") return "'bool'";
  if (typeof v === "number" || typeof v === "bigint") return "'int'";
  if (v instanceof PyFloat) return "'float'";
  return Array.isArray(v) ? "'list'" : "'dict'";
}

/** A number as Python sees it (True is 1). */
function pyNum(v) {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof PyFloat) return v.value;
  throw new Damaged(`TypeError: '<' not supported between instances of ${typeName(v)} and 'int'`);
}

/** Python's ``==`` over what JSON holds: True == 1 == 1.0, dicts by key, lists in order. */
export function pyEq(a, b) {
  if (a === b) return true;
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (isNumeric(a) && isNumeric(b)) {
    const x = typeof a === "bigint" ? a : pyNum(a);
    const y = typeof b === "bigint" ? b : pyNum(b);
    // eslint-disable-next-line eqeqeq -- a BigInt and a Number compare exactly with ==
    return x == y;
  }
  if (typeof a === "string" || typeof b === "string" || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => pyEq(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => has(b, k) && pyEq(a[k], b[k]));
  }
  return false;
}

/** Truthiness as Python's ``if`` has it. */
function pyTruthy(v) {
  if (v === null || v === undefined || v === false || v === "" || v === 0 || v === 0n) return false;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.keys(v).length > 0;
  return true;
}

/** A dict or set key as Python hashes it: 1, 1.0 and True are one key; a list or dict is none. */
function pyKey(v) {
  if (v === undefined || v === null) return "N";
  if (typeof v === "string") return "s" + v;
  if (isNumeric(v)) {
    if (typeof v === "bigint") return "i" + v.toString();
    const n = pyNum(v);
    return Number.isInteger(n) ? "i" + BigInt(n).toString() : "f" + floatRepr(n);
  }
  throw new Damaged(`TypeError: unhashable type: ${typeName(v)}`);
}

/** Python's repr of a float: the shortest digits, fixed from 1e-4 up to 1e16, else 1e+16. */
export function floatRepr(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = x.toExponential().split("e");
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  if (exponent >= -4 && exponent < 16) {
    let fixed;
    if (exponent < 0) fixed = "0." + "0".repeat(-exponent - 1) + digits;
    else if (digits.length <= exponent + 1) fixed = digits + "0".repeat(exponent + 1 - digits.length) + ".0";
    else fixed = digits.slice(0, exponent + 1) + "." + digits.slice(exponent + 1);
    return sign + fixed;
  }
  const shown = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
  const e = Math.abs(exponent);
  return `${sign}${shown}e${exponent < 0 ? "-" : "+"}${e < 10 ? "0" + e : e}`;
}

/** Python's str(): how a report writes a value into a place or a message. */
export function pyStr(v) {
  if (typeof v === "string") return v;
  return pyRepr(v);
}

/** Python's repr(), closely enough for messages (and exactly for places' scalars). */
export function pyRepr(v) {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (typeof v === "string") {
    const quote = v.includes("'") && !v.includes('"') ? '"' : "'";
    let out = "";
    for (const ch of v) {
      const code = ch.codePointAt(0);
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += "\\" + quote;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
      else out += ch;
    }
    return quote + out + quote;
  }
  if (Array.isArray(v)) return "[" + v.map(pyRepr).join(", ") + "]";
  return "{" + Object.keys(v).map((k) => `${pyRepr(k)}: ${pyRepr(v[k])}`).join(", ") + "}";
}

/** ``list(v)`` in Python: a list's items, a string's characters, a dict's keys. */
function pyList(v) {
  if (Array.isArray(v)) return [...v];
  if (typeof v === "string") return [...v];
  if (isObject(v)) return Object.keys(v);
  throw new Damaged(`TypeError: ${typeName(v)} object is not iterable`);
}

/** ``a, b = v`` in Python. */
function unpack2(v) {
  const items = pyList(v);
  if (items.length !== 2) {
    throw new Damaged(`ValueError: ${items.length < 2 ? "not enough" : "too many"} values to unpack (expected 2)`);
  }
  return items;
}

function items(v) {
  if (!isObject(v)) throw new Damaged(`AttributeError: ${typeName(v)} object has no attribute 'items'`);
  return Object.entries(v);
}

/** Python's int(): what a v2 draw place's count is read as. */
function pyInt(v) {
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "number") return BigInt(v);
  if (typeof v === "bigint") return v;
  if (v instanceof PyFloat) {
    if (!Number.isFinite(v.value)) throw new Damaged("ValueError: cannot convert float to integer");
    return BigInt(Math.trunc(v.value));
  }
  if (typeof v === "string") {
    const text = v.trim();
    if (/^[+-]?\d+(_\d+)*$/.test(text)) return BigInt(text.replace(/_/g, ""));
    throw new Damaged(`ValueError: invalid literal for int() with base 10: ${pyRepr(v)}`);
  }
  throw new Damaged(`TypeError: int() argument must be a string or a number, not ${typeName(v)}`);
}

// -- canonical bytes and hashes (FAIRNESS.md "Hash chain and seals") -----------------------------

/** Python's json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False), over what
 * domain/fairness.py plain() accepts: it refuses floats ("floats are not allowed in event payloads"). */
export function canonical(v) {
  if (v === null || v === undefined) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (v instanceof PyFloat) throw new Damaged("TypeError: floats are not allowed in event payloads");
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  // Python sorts keys by code point; JavaScript's default sort is by UTF-16 unit.
  const keys = Object.keys(v).sort(byCodePoint);
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
}

function byCodePoint(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800-DFFF, halves of code points above FFFF) sort after E000-FFFF by code point.
    if (x >= 0xd800) x += x < 0xe000 ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y < 0xe000 ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

const encoder = new TextEncoder();

/** UTF-8 bytes, refusing what Python's str.encode("utf-8") refuses (a lone surrogate). */
function utf8(text) {
  if (!text.isWellFormed()) throw new Damaged("UnicodeEncodeError: 'utf-8' codec can't encode a lone surrogate");
  return encoder.encode(text);
}

export function toHex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Python's bytes.fromhex: pairs of hex digits, ASCII whitespace allowed between them. */
export function fromHex(text) {
  if (typeof text !== "string") throw new Damaged(`TypeError: fromhex() argument must be str, not ${typeName(text)}`);
  const out = [];
  for (let i = 0; i < text.length; ) {
    if (" \t\n\r\v\f".includes(text[i])) {
      i++;
      continue;
    }
    const pair = text.slice(i, i + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new FromHexError("non-hexadecimal number found in fromhex() arg");
    out.push(parseInt(pair, 16));
    i += 2;
  }
  return new Uint8Array(out);
}

class FromHexError extends Damaged {}

export async function sha256Hex(bytes) {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** sha256 of the canonical bytes of ``obj``, lowercase hex. */
export async function hashOf(obj) {
  return sha256Hex(utf8(canonical(obj)));
}

async function hmacKey(raw) {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function hmac(key, message) {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
}

// -- epochs, keys, streams and primitives (FAIRNESS.md "Epochs and seeds", "Primitives") ---------

/** The public commitment to a seed: sha256(seed), hex. */
export async function commitment(seed) {
  return sha256Hex(seed);
}

/** sha256 of the players' phrases, sorted by code point and joined by newlines. */
export async function entropyDigest(contributions) {
  for (const phrase of contributions) {
    if (typeof phrase !== "string") throw new Damaged(`TypeError: sequence item: expected str instance, ${typeName(phrase)} found`);
  }
  const sorted = [...contributions].sort(byCodePoint);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(sorted.join("\n"))));
}

/** HMAC-SHA256(seed, "<fair version>" + entropy digest): the key of one epoch (raw bytes). */
export async function epochKey(seed, contributions = [], fair = FORMAT_V1) {
  const digest = await entropyDigest(contributions);
  const message = new Uint8Array([...encoder.encode(fair), ...digest]);
  return hmac(await hmacKey(seed), message);
}

/** The salt of a face-down event (v2). */
export async function saltOf(key, originatorId, originatorVersion) {
  const message = utf8(`salt:${pyStr(originatorId).toLowerCase()}:${pyStr(originatorVersion)}`);
  return toHex(await hmac(await hmacKey(key), message)).slice(0, 32);
}

/** The byte stream of one draw place, read as big-endian 32-bit words, with its primitives; each
 * primitive is logged in ``ops`` as an event records it. */
export class KeyedStream {
  constructor(key, prefix) {
    this.key = key; // a CryptoKey, or raw bytes imported on first use
    this.prefix = prefix;
    this.block = 0;
    this.words = [];
    this.ops = [];
  }

  /** The stream of a v1 place (originator id, version). */
  static v1(key, originatorId, version) {
    return new KeyedStream(key, `${pyStr(originatorId).toLowerCase()}:${pyStr(version)}:`);
  }

  /** The stream of a v2 place (originator id, epoch, n-th chance-consuming event). */
  static v2(key, originatorId, epoch, draw) {
    return new KeyedStream(key, `${pyStr(originatorId).toLowerCase()}:${pyStr(epoch)}:${String(draw)}:`);
  }

  async nextU32() {
    if (this.words.length === 0) {
      if (!(this.key instanceof CryptoKey)) this.key = await hmacKey(this.key);
      const block = await hmac(this.key, utf8(`${this.prefix}${this.block}`));
      this.block += 1;
      const view = new DataView(block.buffer);
      for (let i = 0; i < 32; i += 4) this.words.push(view.getUint32(i, false));
      this.words.reverse();
    }
    return this.words.pop();
  }

  async _uniform(n) {
    // uniform(n) of FAIRNESS.md: words at or above the largest multiple of n are read past.
    if (!isNumeric(n)) throw new Malformed(`'<' not supported between instances of ${typeName(n)} and 'int'`);
    if (n instanceof PyFloat) {
      const m = n.value;
      if (!(m >= 1)) throw new Malformed(`uniform(n) needs 1 <= n <= 2**32, got ${floatRepr(m)}`);
      if (m > 2 ** 32) throw new Malformed(`uniform(n) needs 1 <= n <= 2**32, got ${floatRepr(m)}`);
      const limit = Math.floor(2 ** 32 / m) * m;
      let word = await this.nextU32();
      while (word >= limit) word = await this.nextU32();
      return new PyFloat(word % m);
    }
    const big = typeof n === "bigint" ? n : BigInt(pyNum(n));
    if (big < 1n) throw new Malformed(`uniform(n) needs 1 <= n <= 2**32, got ${pyStr(n)}`);
    // Beyond 2**32 no word is below the limit (it is 0): refused, as Python refuses it.
    if (big > 2n ** 32n) throw new Malformed(`uniform(n) needs 1 <= n <= 2**32, got ${pyStr(n)}`);
    const m = Number(big);
    const limit = Math.floor(2 ** 32 / m) * m;
    let word = await this.nextU32();
    while (word >= limit) word = await this.nextU32();
    return word % m;
  }

  async uniform(n) {
    const value = await this._uniform(n);
    this.ops.push({ op: "uniform", n, value });
    return value;
  }

  async die(sides) {
    const value = shift(await this._uniform(sides), 1);
    this.ops.push({ op: "d", sides, value });
    return value;
  }

  async fudge() {
    const value = shift(await this._uniform(3), -1);
    this.ops.push({ op: "dF", value });
    return value;
  }

  async shuffle(deck) {
    let listed;
    try {
      listed = pyList(deck);
    } catch (error) {
      throw new Malformed(error.message.replace(/^TypeError: /, ""));
    }
    const result = [...listed];
    for (let i = result.length - 1; i > 0; i--) {
      const j = await this._uniform(i + 1);
      [result[i], result[j]] = [result[j], result[i]];
    }
    this.ops.push({ op: "shuffle", deck: [...listed], result: [...result] });
    return result;
  }
}

class Malformed extends Error {}

function shift(value, by) {
  return value instanceof PyFloat ? new PyFloat(value.value + by) : value + by;
}

/** null when ``ops`` are exactly what the stream of their draw place gives; else why not. */
export async function rederive(ops, stream) {
  if (!Array.isArray(ops)) return "its chance is not a list of primitives";
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index];
    if (!isObject(op)) return `primitive ${index} is not an object`;
    const kind = get(op, "op");
    try {
      if (kind === "uniform") await stream.uniform(needOp(op, "n"));
      else if (kind === "d") await stream.die(needOp(op, "sides"));
      else if (kind === "dF") await stream.fudge();
      else if (kind === "shuffle") await stream.shuffle(needOp(op, "deck"));
      else return `primitive ${index} has an unknown op ${pyRepr(kind)}`;
    } catch (error) {
      if (error instanceof Malformed) return `primitive ${index} is malformed (${error.message})`;
      throw error;
    }
    if (!pyEq(stream.ops[index], op)) {
      return `primitive ${index} (${pyStr(kind)}) recorded ${shownOp(op)}, the stream gives ${shownOp(stream.ops[index])}`;
    }
  }
  return null;
}

function needOp(op, key) {
  if (!has(op, key)) throw new Malformed(pyRepr(key));
  return op[key];
}

const SHOWN_LIMIT = 80;

/** What a primitive gave, in a verdict's words (domain/fairness.py _shown): a shuffle's cards as
 * the log shows them (anything else in a card's place as its JSON text), a die's face as its
 * number; past 80 characters (code points, as Python counts them) the words stop at the end of a
 * card and "…" says more follows. */
function shownOp(op) {
  const given = has(op, "result") ? op.result : get(op, "value");
  const chars = [...(get(op, "op") === "shuffle" ? cardsWords(given) : pyStr(given))];
  if (chars.length <= SHOWN_LIMIT) return chars.join("");
  const end = chars.lastIndexOf(" ", SHOWN_LIMIT);
  return end > 0 ? chars.slice(0, end).join("") + " …" : chars.slice(0, SHOWN_LIMIT).join("") + "…";
}

// -- card order (domain/deck_rules.py) ----------------------------------------------------------

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];

/** ``packs`` fresh packs before shuffling: per pack, per suit C D H S, ranks in order. */
export function freshPacks(packs, ranks = RANKS) {
  if (!(typeof packs === "number" || typeof packs === "bigint" || typeof packs === "boolean")) {
    throw new Damaged(`TypeError: ${typeName(packs)} object cannot be interpreted as an integer`);
  }
  const cards = [];
  for (let p = 0; p < pyNum(packs); p++) for (const suit of SUITS) for (const rank of ranks) cards.push(`${pyStr(rank)}${suit}`);
  return cards;
}

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

const isCard = (v) => typeof v === "string" && v.length >= 2 && RANKS.includes(v.slice(0, -1)) && SUITS.includes(v.slice(-1));

/** Python's json.dumps(v, ensure_ascii=False, sort_keys=True, separators=(",", ":")) of what
 * JSON holds: keys by code point, floats as Python writes them, control characters escaped. */
export function pyJSON(v) {
  if (v === null || v === undefined) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (typeof v === "string") {
    let out = "";
    for (let i = 0; i < v.length; i++) {
      const ch = v[i];
      const code = v.charCodeAt(i);
      if (ch === "\\") out += "\\\\";
      else if (ch === '"') out += '\\"';
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (ch === "\b") out += "\\b";
      else if (ch === "\f") out += "\\f";
      else if (code < 0x20) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += ch;
    }
    return '"' + out + '"';
  }
  if (Array.isArray(v)) return "[" + v.map(pyJSON).join(",") + "]";
  const keys = Object.keys(v).sort(byCodePoint);
  return "{" + keys.map((k) => pyJSON(k) + ":" + pyJSON(v[k])).join(",") + "}";
}

/** What a record holds in a card's place, in a verdict's words (domain/cards.py card_words): a
 * card with its suit symbol ("10♥"); anything else a forged record may put there as its JSON text. */
export function cardWords(v) {
  return isCard(v) ? v.slice(0, -1) + SYMBOLS[v.slice(-1)] : pyJSON(v);
}

/** A record's cards in a verdict's words (domain/cards.py cards_words): "A♠ 9♥", "nothing"
 * for none; a record that is not a list of cards reads as its JSON text. */
export function cardsWords(v) {
  if (!Array.isArray(v)) return pyJSON(v);
  return v.map(cardWords).join(" ") || "nothing";
}

/** domain/deck_rules.py _pack_order: cards as a fresh pack holds them, then anything else by
 * its words' code points. */
function byPackOrder(a, b) {
  const x = isCard(a);
  const y = isCard(b);
  if (x !== y) return x ? -1 : 1;
  if (x) {
    const bySuit = SUITS.indexOf(a.slice(-1)) - SUITS.indexOf(b.slice(-1));
    return bySuit !== 0 ? bySuit : RANKS.indexOf(a.slice(0, -1)) - RANKS.indexOf(b.slice(0, -1));
  }
  return byCodePoint(cardWords(a), cardWords(b));
}

class Mismatch extends Error {
  constructor(field, why) {
    super(why);
    this.field = field;
    this.why = why;
  }
}

class Unknowable extends Error {}

/** An event's recorded chance handed back to a rule in order (domain/rederivation.py Replay). */
class Replay {
  constructor(ops) {
    this.recorded = ops;
    this.used = 0;
  }

  shuffle(deck) {
    const index = this.used;
    if (index >= this.recorded.length) {
      throw new Mismatch("chance", `the rules ask for a primitive ${index} (shuffle) the record does not hold`);
    }
    const op = this.recorded[index];
    if (!isObject(op)) throw new Damaged(`AttributeError: ${typeName(op)} object has no attribute 'get'`);
    if (get(op, "op") !== "shuffle" || !pyEq(get(op, "deck"), deck)) {
      throw new Mismatch("chance", `primitive ${index} is ${pyRepr(get(op, "op"))} where the rules ask for 'shuffle' (deck ${cardsWords(deck)})`);
    }
    this.used += 1;
    return pyList(need(op, "result"));
  }

  finish() {
    const left = this.recorded.length - this.used;
    if (left) throw new Mismatch("chance", `the record holds ${left} primitive${left === 1 ? "" : "s"} more than the rules consume`);
  }
}

/** A multiset of cards, keyed as Python hashes them. */
function counter(cards) {
  const counts = new Map();
  for (const card of cards) {
    const key = pyKey(card);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return counts;
}

function sameCounts(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, n] of a) if (b.get(k) !== n) return false;
  return true;
}

/** What the verifier has learnt of the campaign's decks and characters so far. */
class Table {
  constructor() {
    this.unknown = new Set(); // aggregates whose state depends on a face-down event
    this.state = new Map();
  }

  deck(event) {
    const id = need(event, "originator_id");
    const deck = this.state.get("deck" + pyKey(id));
    if (deck === undefined || this.unknown.has(pyKey(id))) throw new Unknowable();
    return deck;
  }
}

function dictable(v) {
  // dict(v) in Python: a dict, or pairs.
  if (isObject(v)) return;
  if (typeof v === "string" && v.length === 0) return;
  if (Array.isArray(v)) {
    for (const pair of v) pyKey(unpack2(pair)[0]);
    return;
  }
  throw new Damaged(`TypeError: ${typeName(v)} object is not iterable`);
}

const DECK_RULES = {
  [DECK + "Created"](event, replay, table) {
    const packs = freshPacks(need(event, "packs"), pyList(need(event, "ranks")));
    table.state.set("deck" + pyKey(need(event, "originator_id")), { packs: counter(packs), cards: [], top: 0 });
  },
  [DECK + "Shuffled"](event, replay, table) {
    const deck = table.deck(event);
    const chance = pyList(need(event, "chance"));
    if (chance.length !== 1) {
      const why = chance.length < 1 ? "not enough values to unpack (expected 1, got 0)" : "too many values to unpack (expected 1)";
      throw new Damaged(`ValueError: ${why}`);
    }
    const pool = pyList(need(chance[0], "deck"));
    const left = deck.cards.slice(deck.top);
    const counted = counter([...left, ...pool]);
    if (!sameCounts(counted, deck.packs) && pool.some((card) => (counted.get(pyKey(card)) || 0) > (deck.packs.get(pyKey(card)) || 0))) {
      const spare = new Map(deck.packs);
      for (const [k, n] of counter(left)) spare.set(k, (spare.get(k) || 0) - n);
      // sorted((Counter(pool) - spare).elements()): each card as the pool first holds it, as
      // often as the packs cannot spare it (1, 1.0 and true are one card there, written once).
      const pooled = new Map();
      for (const card of pool) {
        const k = pyKey(card);
        if (pooled.has(k)) pooled.get(k).count += 1;
        else pooled.set(k, { card, count: 1 });
      }
      const extra = [];
      for (const [k, { card, count }] of pooled) {
        for (let n = count - Math.max(spare.get(k) || 0, 0); n > 0; n--) extra.push(card);
      }
      extra.sort(byPackOrder);
      throw new Mismatch("chance", `shuffles in ${cardsWords(extra)}, which the deck's packs cannot spare`);
    }
    deck.cards = [...left, ...replay.shuffle(pool)];
    deck.top = 0;
  },
  [DECK + "CardsDrawn"](event, replay, table) {
    const deck = table.deck(event);
    const cards = pyList(need(event, "cards"));
    const next = deck.cards.slice(deck.top, deck.top + cards.length);
    if (!pyEq(cards, next)) {
      const recorded = cardsWords(need(event, "cards"));
      if (next.length === 0) throw new Mismatch("cards", `records ${recorded}, but the deck's shuffle has no cards left`);
      throw new Mismatch("cards", `records ${recorded}, but the next cards of the deck's shuffle are ${cardsWords(next)}`);
    }
    deck.top += cards.length;
    pyKey(need(event, "to")); // the deck hands the cards to someone, by a name
  },
  [DECK + "Gathered"](event, replay, table) {
    const deck = table.deck(event);
    deck.cards = [];
    deck.top = 0;
  },
  [CHARACTER + "Created"](event) {
    need(event, "originator_id");
    need(event, "name");
    need(event, "sheet");
    dictable(need(event, "sheet"));
    dictable(need(event, "condition"));
  },
  [CHARACTER + "Corrected"](event) {
    dictable(need(event, "sheet"));
    dictable(need(event, "condition"));
  },
  [CHARACTER + "Undone"](event) {
    dictable(need(event, "sheet"));
    dictable(need(event, "condition"));
  },
};

/** Null when the event is what its rule gives (or cannot be checked yet), else why not. */
function checkRule(rule, event, table) {
  const ops = get(event, "chance");
  try {
    if (pyTruthy(ops)) {
      const replay = new Replay(pyList(ops));
      rule(event, replay, table);
      replay.finish();
    } else {
      rule(event, new Replay([]), table);
    }
  } catch (error) {
    if (error instanceof Unknowable) return null;
    if (error instanceof Mismatch) return `field ${error.field}: ${error.why}`;
    // In words, naming the event as the log does; the error is a developer's (ruling FP21).
    return `the rules could not re-derive ${logged(event)} from what it records: a value it holds is not one they can read`;
  }
  return null;
}

/** An event as `chronique log` names it ("event 1e6638be:4"), as domain/rederivation.py ``_logged``. */
function logged(event) {
  const aggregate = get(event, "originator_id");
  const version = get(event, "originator_version");
  if (typeof aggregate !== "string" || !(typeof version === "number" || typeof version === "bigint")) return "this event";
  return `event ${aggregate.replaceAll("-", "").slice(0, 8)}:${String(version)}`;
}

// -- the verification (domain/verifier.py) ------------------------------------------------------

/** How a report names an event: "<id>:<version> (<Topic>)". */
function linkPlace(aggregate, version, topic) {
  const tail = topic.slice(topic.lastIndexOf(":") + 1);
  return `${aggregate}:${pyStr(version)} (${tail || topic})`;
}

/** Each epoch's commitment, version, contributions and revealed seed, read from the campaign's
 * own events; a revealed seed is checked against its commitment. */
async function epochsOf(campaignEvents) {
  const epochs = new Map();
  for (const event of campaignEvents) {
    const topic = get(event, "topic");
    const topicText = pyStr(topic);
    const place = `${pyStr(get(event, "originator_id"))}:${pyStr(get(event, "originator_version"))} (${topicText.slice(topicText.lastIndexOf(":") + 1)})`;
    if (BOUNDARIES.includes(topic)) {
      if (has(event, "closed_epoch")) {
        await reveal(epochs, event.closed_epoch, get(event, "seed"), place);
      } else if (epochs.has(pyKey(null))) {
        epochs.get(pyKey(null)).seed = get(event, "seed");
      }
      const fair = get(event, "fair", FORMAT_V1);
      if (!FORMATS.includes(fair)) throw new Failed(place, `field fair: ${pyRepr(fair)} is not a known fairness version`);
      const id = need(event, "epoch");
      epochs.set(pyKey(id), { id, commitment: need(event, "commitment"), fair, contributions: [], seed: null, key: null });
    } else if (topic === ENTROPY) {
      const epoch = get(event, "epoch");
      if (!epochs.has(pyKey(epoch))) throw new Failed(place, `field epoch: entropy for ${pyRepr(epoch)}, an epoch never committed`);
      epochs.get(pyKey(epoch)).contributions.push(need(event, "phrase"));
    }
  }
  for (const epoch of epochs.values()) {
    if (epoch.seed !== null && epoch.seed !== undefined) {
      epoch.key = await hmacKey(await epochKey(fromHex(epoch.seed), epoch.contributions, epoch.fair));
    }
  }
  return epochs;
}

async function reveal(epochs, closed, seed, place) {
  if (!epochs.has(pyKey(closed))) throw new Failed(place, `field closed_epoch: it reveals ${pyRepr(closed)}, an epoch never committed`);
  const name = pyStr(closed);
  if (typeof seed !== "string" || [...seed].length !== 64) throw new Failed(place, `field seed: the seed of ${name} is missing or malformed`);
  let raw;
  try {
    raw = fromHex(seed);
  } catch (error) {
    if (error instanceof FromHexError) throw new Failed(place, `field seed: the seed of ${name} is not hexadecimal`);
    throw error;
  }
  const epoch = epochs.get(pyKey(closed));
  if (!pyEq(await commitment(raw), epoch.commitment)) {
    throw new Failed(place, `field seed: the revealed seed of ${name} does not match its commitment`);
  }
  epoch.seed = seed;
}

/** The seals the chain records: v2 Sealed events, and v1 seals inside SessionEnded. */
function chainSeals(campaignEvents) {
  const found = [];
  for (const event of campaignEvents) {
    const topic = get(event, "topic");
    if (topic === SEALED) {
      found.push({ session: need(event, "session"), boundary: need(event, "boundary"), heads: need(event, "heads"), seal: need(event, "seal") });
    } else if (topic === CAMPAIGN + "SessionEnded" && has(event, "seal")) {
      found.push({ session: need(event, "number"), boundary: "session-end", heads: need(event, "heads"), seal: need(event, "seal") });
    }
  }
  return found;
}

/** The bundle's epoch list and seals must agree with the chain. */
function agree(bundle, epochs, seals) {
  const listed = get(bundle, "epochs", []);
  const byId = new Map();
  for (const entry of pyList(listed)) {
    if (!isObject(entry)) continue;
    byId.set(pyStr(get(entry, "id")), entry);
  }
  for (const epoch of epochs.values()) {
    const place = `epoch ${pyStr(epoch.id)}`;
    const entry = typeof epoch.id === "string" ? byId.get(epoch.id) : undefined;
    if (entry === undefined) throw new Failed(place, "the bundle's epoch list leaves out an epoch the chain commits");
    byId.delete(epoch.id);
    for (const key of ["commitment", "seed", "contributions"]) {
      if (!pyEq(get(entry, key), epoch[key])) throw new Failed(place, `the bundle's epoch list gives a ${key} other than the chain's`);
    }
  }
  if (byId.size) throw new Failed(`epoch ${byId.keys().next().value}`, "the bundle's epoch list names an epoch the chain never committed");
  const listedSeals = pyList(get(bundle, "seals", []))
    .filter(isObject)
    .map((s) => need(s, "seal"));
  if (!pyEq(listedSeals, seals.map((s) => s.seal))) throw new Failed("the bundle's seals", "they are not exactly the seals the chain records");
}

/** Counts of a verification, as Python's Report has them. */
function newReport() {
  return { events: 0, draws: 0, shuffles: 0, rederived: 0, hidden: 0, readFaceDown: 0, epochsRevealed: 0, epochsOpen: 0, seals: 0, receipts: 0, failure: null, place: null };
}

class Verifier {
  constructor(epochs, seals, receipts) {
    this.epochs = epochs;
    this.seals = seals;
    this.receipts = receipts;
    this.report = newReport();
    this.table = new Table();
    this.heads = new Map(); // aggregate -> [version, hash]
    this.draws = new Map(); // aggregate + epoch -> count, or null once unknown
    this.drawn = new Set();
    // Events sealed until each epoch read in full (a GM's bundle), as domain/verifier.py counts them (ruling EB53).
    this.sealedRead = new Map();
    this.boundary = 0;
    this.wanted = new Map();
    for (const seal of seals) {
      for (const [aggregate, value] of items(seal.heads)) {
        const [version] = unpack2(value);
        if (!this.wanted.has(aggregate)) this.wanted.set(aggregate, new Set());
        this.wanted.get(aggregate).add(pyKey(version));
      }
    }
    this.kept = new Map();
  }

  epoch(id) {
    // epochs.get(str(x)): the chain's epochs are keyed by what their events record.
    return this.epochs.get(pyKey(pyStr(id)));
  }

  async run(bundle) {
    this.checkReceiptsKnown();
    for (const entry of pyList(get(bundle, "events", []))) {
      const event = isObject(entry) ? get(entry, "event") : null;
      if (!isObject(event)) throw new Failed("the bundle's events", "an entry has no event object");
      const topic = pyStr(get(event, "topic", "?"));
      const aggregate = pyStr(get(event, "originator_id"));
      const version = get(event, "originator_version");
      const prevHash = get(event, "prev_hash");
      const place = linkPlace(aggregate, version, topic);
      const hidden = pyTruthy(get(entry, "hidden"));
      let digest;
      if (hidden) {
        if (Object.keys(event).some((k) => !ENVELOPE.includes(k))) throw new Failed(place, "a hidden entry shows more than its envelope");
        digest = pyStr(get(entry, "hash"));
      } else {
        digest = await hashOf(event);
        const recorded = get(entry, "hash");
        if (recorded !== null && !pyEq(recorded, digest)) throw new Failed(place, "its content does not match its recorded hash: it was edited");
      }
      const [lastVersion, lastHash] = this.heads.get(aggregate) || [0, GENESIS_HASH];
      const due = pyNum(lastVersion) + 1;
      if (!pyEq(version, due)) throw new Failed(place, `version ${pyStr(version)} where ${due} was due: an event is missing, moved or forged`);
      if (!pyEq(prevHash, lastHash)) {
        throw new Failed(place, `prev_hash does not match the hash of version ${pyStr(lastVersion)}: that event was changed or replaced`);
      }
      if (hidden) {
        this.faceDown(place, aggregate, topic, event);
      } else {
        if (topic.startsWith(CAMPAIGN)) await this.campaign(place, aggregate, topic, version, event);
        const sealedUntil = get(event, "sealed_until");
        if (sealedUntil !== null) {
          await this.salt(place, aggregate, version, event, pyStr(sealedUntil));
          this.sealedRead.set(pyStr(sealedUntil), (this.sealedRead.get(pyStr(sealedUntil)) || 0) + 1);
        }
        const draws = has(event, "chance");
        if (CHANCE_TOPICS.has(topic) || draws) await this.chance(place, aggregate, version, event);
        const rule = has(DECK_RULES, topic) ? DECK_RULES[topic] : null;
        if (rule !== null) {
          const why = checkRule(rule, event, this.table);
          if (why !== null) throw new Failed(place, why);
          this.report.rederived += 1;
        }
      }
      this.heads.set(aggregate, [version, digest]);
      const sealed = this.wanted.get(aggregate);
      if (sealed !== undefined && sealed.has(pyKey(version))) this.kept.set(aggregate + "\u0000" + pyKey(version), digest);
    }
    await this.checkSeals();
    this.report.events = [...this.heads.values()].reduce((sum, [version]) => sum + pyNum(version), 0);
    this.report.epochsRevealed = [...this.epochs.values()].filter((e) => e.seed !== null && e.seed !== undefined).length;
    this.report.epochsOpen = this.epochs.size - this.report.epochsRevealed;
    this.report.readFaceDown = [...this.sealedRead].reduce((sum, [epoch, n]) => {
      const seed = this.epochs.get(pyKey(epoch)).seed;
      return seed === null || seed === undefined ? sum + n : sum;
    }, 0);
    this.report.receipts = this.receipts.seals.length + this.receipts.commitments.length;
    return this.report;
  }

  faceDown(place, aggregate, topic, event) {
    if (!FACE_DOWN_TOPICS.has(topic)) throw new Failed(place, "it is hidden, but events of its kind are never recorded face down");
    const sealedUntil = get(event, "sealed_until");
    const epoch = this.epoch(sealedUntil);
    if (epoch === undefined) throw new Failed(place, `it is hidden until ${pyRepr(sealedUntil)}, an epoch the chain never committed`);
    if (epoch.seed !== null && epoch.seed !== undefined) {
      throw new Failed(place, `it is still hidden although its epoch ${pyStr(epoch.id)} is revealed`);
    }
    this.report.hidden += 1;
    this.table.unknown.add(pyKey(aggregate));
    this.draws.set(aggregate + "\u0000" + pyKey(epoch.id), null); // it may have drawn: later places are unknown
  }

  async campaign(place, aggregate, topic, version, event) {
    if (BOUNDARIES.includes(topic)) {
      this.boundary = version;
    } else if (topic === ENTROPY && this.drawn.has(pyKey(get(event, "epoch")))) {
      throw new Failed(place, `entropy was added to ${pyStr(get(event, "epoch"))} after its first draw`);
    } else if (topic === SEALED) {
      const heads = need(event, "heads");
      if (!pyEq(await hashOf(heads), need(event, "seal"))) throw new Failed(place, "field seal: it is not the hash of the heads it records");
      for (const [name, value] of items(heads)) {
        const [v, head] = unpack2(value);
        const now = this.heads.get(name);
        if (now === undefined || !pyEq(now[0], v) || !pyEq(now[1], head)) {
          throw new Failed(place, `field heads: ${name} stood at another version or hash when it was sealed`);
        }
      }
      const own = has(heads, aggregate) ? heads[aggregate] : [0];
      if (pyLess(subscript0(own), this.boundary)) {
        throw new Failed(place, "field heads: the seal does not cover the boundary event recorded just before it");
      }
    } else if (has(event, "seal")) {
      if (!pyEq(await hashOf(need(event, "heads")), event.seal)) throw new Failed(place, "field seal: it is not the hash of the heads it records");
    }
  }

  async salt(place, aggregate, version, event, sealedUntil) {
    const epoch = this.epochs.get(pyKey(sealedUntil));
    if (epoch === undefined) throw new Failed(place, `field sealed_until: ${pyRepr(sealedUntil)} is an epoch the chain never committed`);
    if (epoch.fair === FORMAT_V1 || epoch.key === null) return;
    if (!pyEq(get(event, "salt"), await saltWithKey(epoch.key, aggregate, version))) {
      throw new Failed(place, "field salt: it is not the salt its epoch's key gives");
    }
  }

  async chance(place, aggregate, version, event) {
    const ops = get(event, "chance");
    if (!Array.isArray(ops)) throw new Failed(place, "field chance: this kind of event consumes chance, and it records none");
    const epoch = this.epoch(get(event, "epoch"));
    if (epoch === undefined) {
      throw new Failed(place, `field epoch: it draws in ${pyRepr(get(event, "epoch"))}, an epoch the chain never committed`);
    }
    const at = aggregate + "\u0000" + pyKey(epoch.id);
    const count = this.draws.has(at) ? this.draws.get(at) : 0;
    this.draws.set(at, count === null ? null : count + 1);
    this.drawn.add(pyKey(epoch.id));
    if (epoch.fair !== FORMAT_V1 && count !== null && !pyEq(get(event, "draw"), count)) {
      const why = `records ${pyRepr(get(event, "draw"))}, but it is chance-consuming event ${count} of its aggregate in ${pyStr(epoch.id)}`;
      throw new Failed(place, `field draw: ${why}`);
    }
    if (epoch.key === null) return; // not verifiable until the epoch is revealed
    const stream =
      epoch.fair === FORMAT_V1
        ? KeyedStream.v1(epoch.key, aggregate, version)
        : KeyedStream.v2(epoch.key, aggregate, epoch.id, pyInt(need(event, "draw")));
    const wrong = await rederive(ops, stream);
    if (wrong !== null) throw new Failed(place, `field chance: it was not drawn from its place: ${wrong}`);
    this.report.draws += ops.length;
    // Which of them were shuffles, so that the page says what there was (ruling FP25): an Elor
    // journal rolls dice and shuffles nothing.
    this.report.shuffles += ops.filter((op) => get(op, "op") === "shuffle").length;
  }

  checkReceiptsKnown() {
    const recorded = new Set(this.seals.map((s) => pyKey(s.seal)));
    for (const kept of this.receipts.seals) {
      if (!recorded.has(pyKey(kept))) {
        throw new Failed(`kept seal ${[...kept].slice(0, 16).join("")}…`, "the journal does not hold this seal any more: it was rewritten or cut short");
      }
    }
    const committed = new Set([...this.epochs.values()].map((e) => pyKey(e.commitment)));
    for (const kept of this.receipts.commitments) {
      if (!committed.has(pyKey(kept))) {
        throw new Failed(`kept commitment ${[...kept].slice(0, 16).join("")}…`, "the journal does not hold this commitment any more: it was rewritten");
      }
    }
  }

  async checkSeals() {
    for (const seal of this.seals) {
      const place = `seal of session ${pyStr(seal.session)} (${pyStr(seal.boundary)})`;
      if (!pyEq(await hashOf(seal.heads), seal.seal)) throw new Failed(place, "the seal is not the hash of its heads");
      for (const [aggregate, value] of items(seal.heads)) {
        const [version, head] = unpack2(value);
        const length = (this.heads.get(aggregate) || [0])[0];
        const v = pyNum(version);
        if (!(0 < v && v <= pyNum(length)) || !pyEq(this.kept.get(aggregate + "\u0000" + pyKey(version)) ?? null, head)) {
          throw new Failed(place, `the chain of ${aggregate} no longer has head ${[...pyStr(head)].slice(0, 12).join("")}… at version ${pyStr(version)}: rewritten`);
        }
      }
      this.report.seals += 1;
    }
  }
}

async function saltWithKey(key, aggregate, version) {
  const message = utf8(`salt:${aggregate.toLowerCase()}:${pyStr(version)}`);
  return toHex(await hmac(key, message)).slice(0, 32);
}

function subscript0(v) {
  if (Array.isArray(v)) {
    if (!v.length) throw new Damaged("IndexError: list index out of range");
    return v[0];
  }
  if (typeof v === "string") {
    if (!v.length) throw new Damaged("IndexError: string index out of range");
    return [...v][0];
  }
  if (isObject(v)) throw new Damaged("KeyError: 0");
  throw new Damaged(`TypeError: ${typeName(v)} object is not subscriptable`);
}

function pyLess(a, b) {
  if (typeof a === "string" && typeof b === "string") return byCodePoint(a, b) < 0;
  return pyNum(a) < pyNum(b);
}

/** Verify an audit bundle (parsed, or its JSON text) the way domain/verifier.py verify_bundle does,
 * except for the games' own rules. Receipts are the seals and commitments players kept. */
export async function verifyBundle(bundle, receipts = { seals: [], commitments: [] }) {
  const kept = { seals: [...(receipts.seals || [])], commitments: [...(receipts.commitments || [])] };
  const report = await verifyReport(typeof bundle === "string" ? parseJSON(bundle) : bundle, kept);
  return {
    ok: report.failure === null,
    place: report.place,
    failure: report.failure,
    events: report.events,
    hidden: report.hidden,
    readFaceDown: report.readFaceDown,
    draws: report.draws,
    shuffles: report.shuffles,
    rederived: report.rederived,
    epochsRevealed: report.epochsRevealed,
    epochsOpen: report.epochsOpen,
    seals: report.seals,
    receipts: report.receipts,
    summary: summary(report),
  };
}

async function verifyReport(bundle, receipts) {
  const report = newReport();
  if (!isObject(bundle)) {
    // In the words of JSON, as domain/verifier.py says them.
    const kind =
      typeof bundle === "boolean" ? "true or false"
      : isNumeric(bundle) ? "a number"
      : typeof bundle === "string" ? "a text"
      : Array.isArray(bundle) ? "a list"
      : "null";
    return { ...report, failure: `it is ${kind}, not an audit bundle (a JSON object naming its format)`, place: "bundle" };
  }
  if (!FORMATS.includes(get(bundle, "format"))) {
    const shown = has(bundle, "format") ? pyRepr(get(bundle, "format")) : "missing";
    return { ...report, failure: `format is ${shown}, not one of ${FORMATS.join(", ")}`, place: "bundle" };
  }
  const campaignId = pyStr(get(bundle, "campaign_id"));
  let entries;
  try {
    entries = pyList(get(bundle, "events", [])).filter((entry) => {
      if (!isObject(entry) || !has(entry, "event") || !isObject(entry.event)) throw new Damaged("not an event");
      return pyEq(get(entry.event, "originator_id"), campaignId);
    });
  } catch (error) {
    if (!(error instanceof Damaged)) throw error;
    return { ...report, failure: "an entry of its events is not an event", place: "bundle" };
  }
  for (const entry of entries) {
    if (pyTruthy(get(entry, "hidden"))) {
      const place = linkPlace(campaignId, get(entry.event, "originator_version"), pyStr(get(entry.event, "topic")));
      return { ...report, failure: "it is hidden, but events of its kind are never recorded face down", place };
    }
  }
  const own = entries.map((entry) => entry.event);
  if (own.length === 0) {
    // A campaign's chain starts with its creation (ruling FP17), as domain/verifier.py says.
    return { ...report, failure: "it holds no event of its campaign, not even its creation: there is nothing to verify", place: "bundle" };
  }
  try {
    const epochs = await epochsOf(own);
    const seals = chainSeals(own);
    agree(bundle, epochs, seals);
    const verifier = new Verifier(epochs, seals, receipts);
    return await verifier.run(bundle);
  } catch (error) {
    if (error instanceof Failed) return { ...report, failure: error.why, place: error.place };
    // In words, as domain/verifier.py's DAMAGED; the error is a developer's detail (ruling FP23).
    const detail = error instanceof Damaged ? error.message : `${error.name}: ${error.message}`;
    return { ...report, failure: DAMAGED, place: "the journal or bundle", detail };
  }
}

/** The events a verification could not open, and those it read although players see them face
 * down, as domain/fairness.py's ``face_down_words`` says them (ruling EB53). */
export function faceDownWords(hidden, read) {
  const said = `${hidden} still face down`;
  return read ? `${said}, ${read} face down to the players until their dice are revealed, read in full here` : said;
}

/** What chance was re-derived, in words, saying only what there was (ruling FP25): "4 dice re-derived",
 * "2 shuffles re-derived", "3 dice and 1 shuffle re-derived", "1 die re-derived"; "nothing drawn by
 * chance to re-derive" when nothing was. ``draws`` counts every chance primitive, ``shuffles`` those
 * that shuffled a deck; the others are dice (a number drawn under n is a die of n faces). */
export function rederivedWords(draws, shuffles) {
  const dice = draws - shuffles;
  const parts = [];
  if (dice > 0) parts.push(plural(dice, "die", "dice"));
  if (shuffles > 0) parts.push(plural(shuffles, "shuffle"));
  return parts.length ? `${parts.join(" and ")} re-derived` : "nothing drawn by chance to re-derive";
}

/** ``n`` and the word, ``one`` or ``many`` as ``n`` asks (domain/text.py ``plural``). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** One paragraph for people, like Python's Report.summary(). */
export function summary(report) {
  if (report.failure !== null) return `FAILED at ${report.place}: ${report.failure}`;
  const kept = report.receipts ? `, ${plural(report.receipts, "kept receipt")} extended` : "";
  return (
    `OK: ${plural(report.events, "event")} checked (${faceDownWords(report.hidden, report.readFaceDown)}), ` +
    `${rederivedWords(report.draws, report.shuffles)}, ${plural(report.rederived, "deck and character event")} followed, ` +
    `${plural(report.epochsRevealed, "epoch")} revealed and ${report.epochsOpen} still open, ` +
    `${plural(report.seals, "seal holds", "seals hold")}${kept}`
  );
}
