// The reference's scan over the delimiters watched in one state, through each parser's resumable
// searches (delimiters.ts): the interpreter's scanner for every state, and generated modules' for states
// that watch patterns.

import type { QuietFeed, ScanResult } from "./plan.ts";
import type { Delimiter, DelimiterSearch } from "./delimiters.ts";
import { CharTest } from "../regex/program.ts";

/** One delimiter watched in a state, in the order the reference breaks ties (opens by field name, then the close). */
export interface Watched {
  field: number;
  open: boolean;
  delim: Delimiter;
  /** Index of this search's state in each parser's ScanResult.memo (unique within a plan). */
  slot: number;
}

/**
 * The state's own memo (at `ScanResult.memo[stateSlot]`): where the last scan left every search idle (see
 * DelimiterSearch.idle) with the read position there, as a stream offset; -1 when it did not.
 */
class Quiet implements QuietFeed {
  constructor(
    private readonly watch: readonly Watched[],
    private readonly memo: unknown[],
  ) {}
  end = -1;
  /** Stream offset of the last code point the scan saw: new text for the test starts there (all before it is decided). */
  seen = 0;
  /** quietTest(watch), kept here (one lookup per parser and state, not per feed). */
  test: QuietTest | null | undefined = undefined;
  /**
   * The last scan was quiet, and the text's last code unit begins no delimiter (calmEnd): what it held, if
   * anything, is a run before a head (whitespace before `\s*<tool_call>`). Text that fastHold() accepts then
   * leaves every answer as it is.
   */
  clean = false;

  /**
   * The engine's fast feed: no code unit of `chunk` may begin a delimiter (where `begins()` says one
   * could, every search can tell that none does: passOver). The quiet scan would then find
   * nothing; it would hold a run of a search's lead class that ends the text (whitespace before
   * `\s*<tool_call>`), which is read here when it starts inside `chunk` (otherwise the scan runs, and its
   * searches remember the run). The memo moves past the chunk as that scan would move it, and the
   * searches are not asked: what they proved about earlier text stays true, and a run they remember ends
   * at or before `at`.
   */
  fastHold(at: number, end: number, chunk: string): number {
    const n = chunk.length;
    if (!this.clean || this.end !== at || n === 0 || n > QUIET_FEED_MAX) return -1;
    const test = this.test!;
    const first = test.first;
    for (let i = 0; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) return -1;
      if (first.accepts(c) && !passOver(this.watch, this.memo, chunk, i)) return -1;
    }
    let hold = n;
    const leads = test.leads;
    for (let k = 0; k < leads.length; k++) {
      const lead = leads[k]!;
      let i = n;
      while (i > 0 && lead(chunk.charCodeAt(i - 1))) i--;
      if (i === 0) return -1;
      if (i < hold) hold = i;
    }
    this.end = end + hold;
    this.seen = end + n - 1;
    return end + hold;
  }
}

/** The longest chunk fastHold() reads code unit by code unit (longer ones take the scan and its RegExp). */
const QUIET_FEED_MAX = 256;

interface QuietTest {
  re: RegExp;
  first: CharTest;
  /** The run classes of searches with quietHold (Delimiter.lead): a run of them ending the text may be pending. */
  leads: readonly ((c: number) => boolean)[];
}

/**
 * After idle searches: whether every one of them can tell that nothing begins at `i` (a position their
 * `begins()` tests accept, in text that ends where the stream does), which lets quiet scans read on.
 */
function passOver(watch: readonly Watched[], memo: unknown[], text: string, i: number): boolean {
  for (let k = 0; k < watch.length; k++) {
    const s = memo[watch[k]!.slot] as DelimiterSearch | undefined;
    if (s?.beginsAt === undefined || s.beginsAt(text, i)) return false;
  }
  return true;
}

/** Per watch list: where a delimiter could begin in new text (every search's own tests, joined), or null. */
const quietTests = new WeakMap<readonly Watched[], QuietTest | null>();

function quietTest(watch: readonly Watched[]): QuietTest | null {
  let q = quietTests.get(watch);
  if (q === undefined) {
    // Sets: delimiters often share a first character (`\s*<tool_call>` and `\s*<|im_end|>`), and a test
    // of one character is the cheapest (CharTest's single code point).
    const tests = new Set<string>();
    const firsts = new Set<string>();
    const leads = new Set<(c: number) => boolean>();
    q = null;
    let ok = true;
    for (const w of watch) {
      const b = w.delim.begins();
      if (b === null) {
        ok = false;
        break;
      }
      if (b.test) tests.add(b.test);
      if (b.first) firsts.add(b.first);
      if (w.delim.lead) leads.add(w.delim.lead);
    }
    if (ok) {
      q = {
        re: new RegExp(tests.size ? [...tests].join("|") : "(?!)", "vg"),
        first: new CharTest(firsts.size ? [...firsts].join("|") : "(?!)", "v"),
        leads: [...leads],
      };
    }
    quietTests.set(watch, q);
  }
  return q;
}

/**
 * The reference's `_scan`: the committable match with the earliest start (then longest, then opens first,
 * then field name), unless a pending delimiter starts at or before it. Searches that can stop early (see
 * DelimiterSearch.bounded) come last, bounded by the committable match the others found, not by what is
 * pending: a search stopped early keeps its frontier there, and the engine must keep the text after it in
 * the buffer it scans (ScanResult.need), which a pending stretch (a whitespace run before `\s*<tool_call>`)
 * would make grow with every feed.
 *
 * `stateSlot` (a memo slot of the state's own): when the last scan of this state left every search idle
 * and nothing in the new text could begin a delimiter (one RegExp over the new text), the answer is that
 * nothing is found or pending, without asking each search: plain text streams at the cost of that test.
 */
export function scanWatched(watch: readonly Watched[], buf: string, pos: number, eos: boolean, out: ScanResult, stateSlot = -1): void {
  let quiet: Quiet | null = null;
  if (stateSlot >= 0) {
    quiet = (out.memo[stateSlot] ??= new Quiet(watch, out.memo)) as Quiet;
    out.quiet = quiet;
    if (!eos && quiet.end >= 0 && out.base + pos === quiet.end && quietScan(watch, buf, pos, out, quiet)) return;
  }
  let hold = buf.length;
  /** The earliest pending start of searches that quiet scans cannot ask again (no quietHold). */
  let plainHold = buf.length;
  let best = -1;
  let bestStart = 0;
  let bestEnd = 0;
  let bestGroups: Record<string, string | null> | null = null;
  let need = Infinity;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < watch.length; k++) {
      const w = watch[k]!;
      const searcher = (out.memo[w.slot] ??= w.delim.searcher()) as DelimiterSearch;
      if ((searcher.bounded === true) !== (pass === 1)) continue;
      const m = searcher.search(buf, out.base, pos, !eos, out.whole, best < 0 ? Infinity : bestStart);
      need = Math.min(need, searcher.readsFrom());
      if (m === null) continue;
      if (!eos && (m.partial || (m.end === buf.length && (m.start === m.end || w.delim.growsAtEdge)))) {
        if (m.start < hold) hold = m.start;
        if (searcher.quietHold === undefined && m.start < plainHold) plainHold = m.start;
        continue;
      }
      const len = m.end - m.start;
      if (best < 0 || m.start < bestStart || (m.start === bestStart && (len > bestEnd - bestStart || (len === bestEnd - bestStart && k < best)))) {
        best = k;
        bestStart = m.start;
        bestEnd = m.end;
        bestGroups = m.groups;
      }
    }
  }
  out.hold = hold;
  out.need = need;
  if (quiet !== null) {
    let idle = !eos && best < 0 && plainHold >= lastCodePoint(buf);
    for (let k = 0; idle && k < watch.length; k++) idle = (out.memo[watch[k]!.slot] as DelimiterSearch).idle?.() === true;
    quiet.end = idle ? out.base + hold : -1;
    quiet.seen = out.base + lastCodePoint(buf);
    quiet.clean = idle && calmEnd(quiet.test === undefined ? (quiet.test = quietTest(watch)) : quiet.test, buf);
  }
  if (best < 0 || bestStart >= hold) {
    out.field = -1;
    return;
  }
  const w = watch[best]!;
  out.field = w.field;
  out.open = w.open;
  out.start = bestStart;
  out.end = bestEnd;
  out.groups = bestGroups;
}

/**
 * The scan when every search was idle at the read position: one test over the new text. Nothing can begin
 * there (or, where the test says something could, every search can tell that nothing does: passOver):
 * nothing is found or pending. Only the last code point can: each search says from a table whether
 * it is pending there (a whitespace at the end of a chunk, before `\s*<tool_call>`). Anything else, or an
 * answer not tabled yet: false, and the searches run.
 */
function quietScan(watch: readonly Watched[], buf: string, pos: number, out: ScanResult, quiet: Quiet): boolean {
  const test = quiet.test === undefined ? (quiet.test = quietTest(watch)) : quiet.test;
  if (test === null) return false;
  let hold = buf.length;
  // Text before the last code point of the previous scan is decided (a run held before a head included).
  // (The read position may stand before buf, in text the engine set aside: a run, decided too.)
  const from = Math.max(pos, quiet.seen - out.base, 0);
  // A few new characters (streaming): none may begin anything, most often.
  let some = buf.length - from > 64;
  for (let i = from; !some && i < buf.length; i++) {
    const c = buf.charCodeAt(i);
    some = test.first.accepts(c >= 0xd800 && c <= 0xdbff ? buf.codePointAt(i)! : c);
  }
  let m: RegExpExecArray | null = null;
  if (some) {
    test.re.lastIndex = from;
    m = test.re.exec(buf);
  }
  const last = lastCodePoint(buf);
  // Read on past positions where every search can tell that nothing begins (a `<` that begins no head).
  while (m !== null && m.index !== last) {
    if (!passOver(watch, out.memo, buf, m.index)) return false;
    test.re.lastIndex = m.index + (buf.codePointAt(m.index)! > 0xffff ? 2 : 1);
    m = test.re.exec(buf);
  }
  if (m !== null) {
    const cp = buf.codePointAt(last)!;
    for (const w of watch) {
      const a = (out.memo[w.slot] as DelimiterSearch | undefined)?.lastAnswer?.(cp, buf.length - last) ?? "unknown";
      if (a === "unknown") return false;
      if (a === "pending") hold = last;
    }
  }
  // Runs pending before a head (whitespace ending the text, before `\s*<tool_call>`): held, but never read
  // again (their searches remember them), so the engine may set them aside.
  let need = out.base + hold;
  for (const w of watch) {
    const s = out.memo[w.slot] as DelimiterSearch;
    if (s.quietHold === undefined) continue;
    hold = Math.min(hold, s.quietHold(buf, out.base, pos, out.whole));
    need = Math.min(need, s.readsFrom());
  }
  quiet.end = out.base + hold;
  quiet.seen = out.base + last;
  quiet.clean = calmEnd(test, buf);
  out.field = -1;
  out.hold = hold;
  out.need = need;
  return true;
}

/**
 * After a quiet scan: whether the text's last code unit (not a surrogate) begins no delimiter. A match
 * pending at the last code point begins there, so only runs before heads are held (see DelimiterSearch.idle).
 */
function calmEnd(test: QuietTest | null, buf: string): boolean {
  if (test === null || buf.length === 0) return false;
  const c = buf.charCodeAt(buf.length - 1);
  return !(c >= 0xd800 && c <= 0xdfff) && !test.first.accepts(c);
}

/** Where the last code point of `buf` starts. */
function lastCodePoint(buf: string): number {
  const n = buf.length;
  const c = buf.charCodeAt(n - 1);
  return n >= 2 && c >= 0xdc00 && c <= 0xdfff && buf.charCodeAt(n - 2) >= 0xd800 && buf.charCodeAt(n - 2) <= 0xdbff ? n - 2 : n - 1;
}
