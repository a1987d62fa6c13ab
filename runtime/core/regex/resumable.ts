// A resumable leftmost-first search: the threads of a program (program.ts) advanced over the text one
// code point at a time, in the order a backtracking matcher would try them (Pike's construction), so
// that text appended later continues the search instead of restarting it. Each code point is read
// once per thread state; there is no backtracking, so the work per code point is bounded by the
// number of states, whatever the text.
//
// A run answers, for the text read so far, what a backtracking search from its start position would
// answer if the text ended there: the leftmost match, and the end its highest-priority path gives.
//
// - Threads are deduplicated by state (instruction and pending lookahead conditions): of two threads
//   in the same state, the one a backtracking matcher tries first (the earlier start, or the earlier
//   alternative) reaches everything the other can, first.
// - A lookahead becomes a condition carried by the thread: the set of its body's threads (only whether
//   the body matches counts), advanced with the text until the body matches or dies. Conditions and
//   body states are interned per program, and how one advances over a code point is remembered (a lazy
//   DFA), so a lookahead that runs over a long stretch costs a table lookup per code point.
// - At the end of the text read so far, `End` holds: such threads wait ("parked") and die when more
//   text arrives. Answers evaluate parked threads and pending conditions as if the text ended there,
//   which is what a search of exactly this text does.
// - Once a match is found, threads of lower priority are dropped (they could only give a later or
//   lower-priority match); threads of higher priority continue and may still replace it.
import { Op, type Inst, type Program } from "./program.ts";

/** A conjunction of pending lookahead conditions (interned: equal conditions are one object). */
interface Cond {
  readonly id: number;
  readonly key: string;
  readonly entries: readonly CondEntry[];
}
interface CondEntry {
  readonly negate: boolean;
  readonly sub: Sub;
}
/** The live threads of a lookahead body (interned). */
interface Sub {
  readonly id: number;
  readonly threads: readonly SubThread[];
}
interface SubThread {
  readonly pc: number;
  readonly cond: Cond | null;
}
interface Thread {
  readonly pc: number;
  readonly start: number;
  readonly cond: Cond | null;
  /** For a thread at Match waiting on its conditions: where the match ends. */
  readonly end: number;
}

const DEAD = 0;
type Stepped = Cond | null | typeof DEAD;
const YES = 1;
const NO = 2;
type SubResult = Sub | typeof YES | typeof NO;

/** What a run has found: a match. Positions are stream offsets. */
export interface Found {
  start: number;
  end: number;
}

/** The text a run reads: `text[i]` is stream offset `base + i`; `end` is where the text read so far ends. */
export interface View {
  text: string;
  base: number;
  end: number;
}

/** Most interned conditions and body states kept per program before the tables start over. */
const MAX_INTERNED = 50000;
/** Most code points remembered per state (or per program for the last-code-point answers). */
const MAX_PER_STATE = 4096;

/** Per program, shared by all runs: interned conditions and body states, and how they advance. */
class Tables {
  readonly conds = new Map<string, Cond>();
  readonly subs = new Map<string, Sub>();
  /** (cond or sub id) → (code point ×2 + at-end) → result; only when advancing depends on nothing else. */
  readonly condSteps = new Map<number, Map<number, Stepped>>();
  readonly subSteps = new Map<number, Map<number, SubResult>>();
  /** Closures that read no lookbehind, by state key, away from (0) and at (1) the end of the text. */
  readonly closures: [Map<number, Closure>, Map<number, Closure>] = [new Map(), new Map()];
  /** Whether a thread started at the end of the text matches there (for programs without lookbehinds). */
  idleAtEnd: boolean | undefined;
  /** The answer when only a thread started before the last code point runs, by that code point (relative). */
  readonly idleBeforeLast = new Map<number, { start: number; end: number } | null>();
  /**
   * Visits in the current step (runs step one at a time, never inside each other's step, so all runs of a
   * program share them): the step that last visited each instruction, and each state with conditions.
   */
  readonly mark: Int32Array;
  stamp = 0;
  readonly seen = new Map<number, number>();
  private ids = 0;

  constructor(width: number) {
    this.mark = new Int32Array(width);
  }

  cond(entries: CondEntry[]): Cond {
    const key = entries.map((e) => `${e.negate ? "!" : "="}${e.sub.id}`).join("&");
    let c = this.conds.get(key);
    if (!c) {
      this.room();
      this.conds.set(key, (c = { id: this.ids++, key, entries }));
    }
    return c;
  }

  sub(threads: SubThread[], width: number): Sub {
    const key = threads
      .map((t) => (t.cond === null ? t.pc : t.pc + width * (t.cond.id + 1)))
      .sort((a, b) => a - b)
      .join(",");
    let s = this.subs.get(key);
    if (!s) {
      this.room();
      this.subs.set(key, (s = { id: this.ids++, threads }));
    }
    return s;
  }

  private room(): void {
    if (this.conds.size + this.subs.size < MAX_INTERNED) return;
    // Old objects stay valid (results are recomputed for them); only sharing is lost.
    this.conds.clear();
    this.subs.clear();
    this.condSteps.clear();
    this.subSteps.clear();
    for (const m of this.closures) m.clear();
    this.idleBeforeLast.clear();
  }
}

/** The states a state reaches without reading, in priority order, up to an outright match if any. */
interface Closure {
  readonly waits: readonly SubThread[];
  readonly matched: boolean;
  /** No lookbehind was read: the same for every position (given whether it is the end). */
  readonly pure: boolean;
}

const tables = new WeakMap<Program, Tables>();

/**
 * What a thread started just before the last code point `cp` of the text (nothing else running) answers,
 * relative to where it started, if known yet (filled as runs meet it); null: no match; undefined: unknown.
 */
export function lastCodePointAnswer(program: Program, cp: number): { start: number; end: number } | null | undefined {
  return program.lookback ? undefined : tables.get(program)?.idleBeforeLast.get(cp);
}

/** Stream offset where the code point ending at `limit` starts. */
function lastCodePoint(view: View, limit: number): number {
  const i = limit - view.base;
  const t = view.text;
  return i >= 2 && t.charCodeAt(i - 1) >= 0xdc00 && t.charCodeAt(i - 1) <= 0xdfff && t.charCodeAt(i - 2) >= 0xd800 && t.charCodeAt(i - 2) <= 0xdbff
    ? limit - 2
    : limit - 1;
}

/** Entries in one order, without repeats (a lookahead passed twice in the same state is one condition). */
function canonical(entries: CondEntry[]): CondEntry[] {
  if (entries.length < 2) return entries;
  entries.sort((a, b) => a.sub.id - b.sub.id || Number(a.negate) - Number(b.negate));
  return entries.filter((e, i) => i === 0 || e.sub !== entries[i - 1]!.sub || e.negate !== entries[i - 1]!.negate);
}

export class Run {
  /** Work done by all runs: a unit per thread advanced by a code point, and per code unit the candidate test scans (tests bound it per input). */
  static work = 0;
  /** Stream offset up to which threads have read. */
  at: number;
  threads: Thread[] = [];
  best: Found | null = null;
  /**
   * The threads are those of a thread started at `at` alone, not built yet: while nothing else runs, the
   * run skips from candidate to candidate (see advance) without building threads it would drop at once.
   */
  private lazy = true;
  /**
   * Lazy at the last code point of the text, not read yet: the candidate test could not look at the next
   * one. The answer comes from a table by that code point (see answer); the next call reads on from here.
   */
  private lastUnread = false;
  private readonly insts: Inst[];
  private readonly width: number;
  private readonly t: Tables;
  /** Per step, when stepping may depend on the text before (a lookbehind inside a lookahead). */
  private stepMemo: Map<object, Stepped | SubResult> | null = null;

  /** The search position: no match may start before it. */
  from: number;
  /**
   * Stream offset up to which the candidate test found no position (a property of the text, which only
   * grows: a position that fails the test fails it for good), so that a run bounded by `upTo` does not
   * scan the same stretch again on the next call.
   */
  private clear = -1;

  constructor(
    readonly program: Program,
    from: number,
    view: View,
  ) {
    this.insts = program.insts;
    this.width = this.insts.length;
    let t = tables.get(program);
    if (!t) tables.set(program, (t = new Tables(this.width)));
    this.t = t;
    this.from = this.at = from;
    // A program that can match without reading is never skipped over (candidates() is null): build now.
    if (program.firstChars === null) this.materialize(view);
  }

  /** Starts over from `from` (keeping what a run allocates once). */
  reset(from: number, view: View): void {
    this.from = this.at = from;
    this.threads = [];
    this.best = null;
    this.lazy = true;
    this.lastUnread = false;
    if (this.program.firstChars === null) this.materialize(view);
  }

  /** The smallest start this run still depends on (Infinity when none). */
  earliest(): number {
    if (this.lazy) return this.at;
    if (this.threads.length) return this.threads[0]!.start;
    return this.best ? this.best.start : Infinity;
  }

  /** Whether the answer can no longer change: a match with nothing of higher priority still running. */
  settled(): boolean {
    return this.best !== null && !this.lazy && this.threads.length === 0;
  }

  /** Builds the threads of the thread started at `at`, when they were left to build (see `lazy`). */
  private materialize(view: View): void {
    if (!this.lazy) return;
    this.lazy = false;
    this.threads = [];
    this.newStep();
    this.startAt(this.at, view, this.threads);
  }

  /**
   * Reads the text up to `limit` (a code-point boundary ≤ view.end), or only until nothing that starts at or
   * before `upTo` is still running (the caller does not need to know about later starts yet).
   */
  advance(view: View, limit: number, upTo = Infinity): void {
    const skip = this.program.firstChars;
    this.lastUnread = false;
    while (this.at < limit && !this.settled() && !(this.at > upTo && this.earliest() > upTo)) {
      if (skip !== null && this.best === null && (this.lazy || this.threads.length === 0 || this.threads[0]!.start === this.at)) {
        // Only the thread started here is running: it dies, as would any started before the next position
        // whose character could begin a match, so the search goes on from there.
        let next: number;
        if (this.at < this.clear) next = Math.min(limit, this.clear);
        else {
          skip.lastIndex = this.at - view.base;
          const m = skip.exec(view.text);
          next = m === null ? limit : Math.min(limit, m.index + view.base);
          Run.work += (m === null ? view.end : m.index + view.base) - this.at;
          // Not the last few positions when an unpaired leading surrogate ends the text: their test read it alone.
          this.clear = limit < view.end ? Math.min(next, limit - 6) : next;
        }
        if (next > upTo + 1) next = Math.max(this.at, upTo + 1);
        // The candidate test reads a second code point: not the unread lone surrogate at the end.
        if (limit < view.end && next >= limit - 2) next = Math.min(next, lastCodePoint(view, limit));
        if (next > this.at) {
          this.at = next;
          this.lazy = true;
          continue;
        }
        if (limit === view.end && !this.program.lookback && lastCodePoint(view, limit) === this.at) {
          this.lastUnread = this.lazy = true; // as lazy as when it skipped here: only the thread started here runs
          return;
        }
      }
      this.materialize(view);
      this.step(view);
    }
  }

  /** Nothing runs but a thread started where the run stands, and nothing was found. */
  idle(): boolean {
    return this.lazy && !this.lastUnread && this.best === null;
  }

  /** Idle, or standing lazily before the text's last code point (see lastUnread). */
  idleBeforeLast(): boolean {
    return this.lazy && this.best === null;
  }

  /** Where the run stands lazily before the text's last code point (see lastUnread), or -1. */
  lastUnreadAt(): number {
    return this.lastUnread ? this.at : -1;
  }

  /**
   * An idle run moved to a later search position `at` (text it has not read lies before it): nothing of it
   * depended on what it skips. False when the run is not idle.
   */
  moveTo(at: number): boolean {
    if (!this.idleBeforeLast() || at < this.at) return false;
    this.at = at;
    this.lastUnread = false;
    return true;
  }

  /** Whether the text up to `limit` has been read (or, lazily, all but its last code point: see `lastUnread`). */
  readTo(limit: number): boolean {
    return this.at >= limit || this.settled() || this.lastUnread;
  }

  /**
   * The answer for the text read so far, as if it ended at `view.end`; `tail`: a lone leading surrogate
   * at the end that `advance` left unread (it may pair with the next code unit) is read here tentatively.
   */
  answer(view: View, tail: boolean): Found | null {
    if (this.lastUnread) {
      // Only the thread started before the last code point runs: the answer depends on that code point alone.
      const cp = view.text.codePointAt(this.at - view.base)!;
      let rel = this.t.idleBeforeLast.get(cp);
      if (rel === undefined) {
        this.materialize(view);
        const saved: [Thread[], Found | null, number] = [this.threads, this.best, this.at];
        this.step(view);
        const found = this.answerOf(this.threads, this.best, view);
        [this.threads, this.best, this.at] = saved;
        this.lazy = true;
        rel = found && { start: found.start - this.at, end: found.end - this.at };
        if (this.t.idleBeforeLast.size > MAX_PER_STATE) this.t.idleBeforeLast.clear();
        this.t.idleBeforeLast.set(cp, rel);
      }
      return rel && { start: this.at + rel.start, end: this.at + rel.end };
    }
    if (tail && !this.settled()) {
      this.materialize(view);
      const saved: [Thread[], Found | null, number] = [this.threads, this.best, this.at];
      this.step(view);
      const found = this.answerOf(this.threads, this.best, view);
      [this.threads, this.best, this.at] = saved;
      return found;
    }
    if (this.lazy) {
      // Only a thread started here (at the end): whether it matches, without building threads; the same
      // everywhere unless a lookbehind looks at the text before.
      let matches = this.program.lookback ? undefined : this.t.idleAtEnd;
      if (matches === undefined) {
        matches = this.closure(this.program.start, null, this.at, view).waits.some((w) => this.endAtEnd(w.pc, w.cond, this.at, view) >= 0);
        if (!this.program.lookback) this.t.idleAtEnd = matches;
      }
      return matches ? { start: this.at, end: this.at } : this.best;
    }
    return this.answerOf(this.threads, this.best, view);
  }

  private answerOf(threads: readonly Thread[], best: Found | null, view: View): Found | null {
    for (const t of threads) {
      const e = this.endAtEnd(t.pc, t.cond, t.end, view);
      if (e >= 0) return { start: t.start, end: e };
    }
    return best;
  }

  /** Advances every thread over the code point at `this.at`, then starts a thread after it (threads built). */
  private step(view: View): void {
    const text = view.text;
    const i = this.at - view.base;
    const c = text.charCodeAt(i);
    let cp = c;
    let w = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        w = 2;
      }
    }
    const p = this.at + w;
    Run.work += this.threads.length + 1;
    this.stepMemo = null;
    const next: Thread[] = [];
    this.newStep();
    let cut = false;
    for (const t of this.threads) {
      const inst = this.insts[t.pc]!;
      if (inst.op === Op.Char) {
        if (!inst.test!.accepts(cp)) continue;
        const cond = t.cond === null ? null : this.stepCond(t.cond, cp, p, view);
        if (cond === DEAD) continue;
        if (this.explore(inst.next, cond, p, view, next, t.start)) {
          this.best = { start: t.start, end: p };
          cut = true;
          break;
        }
      } else if (inst.op === Op.Match) {
        const cond = this.stepCond(t.cond!, cp, p, view);
        if (cond === DEAD) continue;
        if (cond === null) {
          this.best = { start: t.start, end: t.end };
          cut = true;
          break;
        }
        if (this.firstVisit(t.pc, cond)) next.push({ pc: t.pc, start: t.start, cond, end: t.end });
      }
      // A thread parked at End dies: the text goes on.
    }
    this.at = p;
    this.threads = next;
    if (!cut && this.best === null) this.startAt(p, view, next);
  }

  /** Adds a thread starting at `p` (lowest priority) to `list`, in the current step. */
  private startAt(p: number, view: View, list: Thread[]): void {
    if (this.explore(this.program.start, null, p, view, list, p)) this.best = { start: p, end: p };
  }

  private newStep(): void {
    const t = this.t;
    if (++t.stamp === 0x7fffffff) {
      t.mark.fill(0);
      t.seen.clear();
      t.stamp = 1;
    }
  }

  /**
   * First visit of a state (instruction, conditions) in this step. Matches waiting on equal conditions
   * are one state too: they all succeed or fail together, and the first (highest-priority) one is the answer.
   */
  private firstVisit(pc: number, cond: Cond | null): boolean {
    const t = this.t;
    if (cond === null) {
      if (t.mark[pc] === t.stamp) return false;
      t.mark[pc] = t.stamp;
      return true;
    }
    const key = pc + this.width * (cond.id + 1);
    if (t.seen.get(key) === t.stamp) return false;
    if (t.seen.size > 100000) t.seen.clear();
    t.seen.set(key, t.stamp);
    return true;
  }

  /**
   * Adds the threads that a thread in state (pc, cond) started at `start` reaches without reading at
   * stream offset `p` to `list`, skipping states already visited in this step. Returns true when a path
   * matches outright (the threads of lower priority than that path are then not added).
   */
  private explore(pc: number, cond: Cond | null, p: number, view: View, list: Thread[], start: number): boolean {
    const c = this.closure(pc, cond, p, view);
    for (const w of c.waits) {
      if (this.firstVisit(w.pc, w.cond)) list.push({ pc: w.pc, start, cond: w.cond, end: this.insts[w.pc]!.op === Op.Match ? p : -1 });
    }
    return c.matched;
  }

  /**
   * The closure of state (pc0, cond0) at `p`: following the zero-width instructions in priority order,
   * the states that wait (to read, for the text to end, or at Match on conditions). Remembered per
   * program when no lookbehind was read on the way.
   */
  private closure(pc0: number, cond0: Cond | null, p: number, view: View): Closure {
    const atEnd = p === view.end ? 1 : 0;
    const key = cond0 === null ? pc0 : pc0 + this.width * (cond0.id + 1);
    const known = this.t.closures[atEnd].get(key);
    if (known !== undefined) return known;
    const waits: SubThread[] = [];
    const seen = new Set<number>();
    const stack: (number | Cond | null)[] = [pc0, cond0];
    let matched = false;
    let pure = true;
    while (stack.length) {
      const cond = stack.pop() as Cond | null;
      const pc = stack.pop() as number;
      const k = cond === null ? pc : pc + this.width * (cond.id + 1);
      if (seen.has(k)) continue;
      seen.add(k);
      const inst = this.insts[pc]!;
      switch (inst.op) {
        case Op.Char:
          waits.push({ pc, cond });
          break;
        case Op.Split:
          stack.push(inst.alt, cond, inst.next, cond);
          break;
        case Op.Match:
          if (cond === null) {
            matched = true;
            stack.length = 0;
          } else waits.push({ pc, cond });
          break;
        case Op.End:
          if (atEnd) waits.push({ pc, cond });
          break;
        case Op.Behind:
          pure = false;
          inst.re!.lastIndex = p - view.base;
          if (inst.re!.test(view.text)) stack.push(inst.next, cond);
          break;
        case Op.Ahead: {
          const body = this.openSub(inst.body, p, view);
          if (body.pure === false) pure = false;
          const r = body.result;
          if (r === YES || r === NO) {
            if ((r === YES) !== inst.negate) stack.push(inst.next, cond);
          } else stack.push(inst.next, this.withEntry(cond, { negate: inst.negate, sub: r }));
          break;
        }
        // Fail: the path ends.
      }
    }
    const c: Closure = { waits, matched, pure };
    if (pure) this.t.closures[atEnd].set(key, c);
    return c;
  }

  /** A lookahead body started at `p`: matched already, impossible, or its waiting threads. */
  private openSub(body: number, p: number, view: View): { result: SubResult; pure: boolean } {
    const c = this.closure(body, null, p, view);
    return { result: c.matched ? YES : c.waits.length === 0 ? NO : this.t.sub([...c.waits], this.width), pure: c.pure };
  }

  private withEntry(cond: Cond | null, entry: CondEntry): Cond {
    return this.t.cond(canonical(cond === null ? [entry] : [...cond.entries, entry]));
  }

  /** Where a stepping result may be remembered: per program, unless it depends on the text before. */
  private memoFor(id: number, steps: Map<number, Map<number, unknown>>): Map<number, unknown> | null {
    if (this.program.lookbackInAhead) return null;
    let m = steps.get(id);
    if (!m) steps.set(id, (m = new Map()));
    else if (m.size > MAX_PER_STATE) m.clear(); // many distinct code points: memory stays bounded
    return m;
  }

  private stepCond(cond: Cond, cp: number, p: number, view: View): Stepped {
    const k = cp * 2 + (p === view.end ? 1 : 0);
    const memo = this.memoFor(cond.id, this.t.condSteps as Map<number, Map<number, unknown>>);
    const known = memo ? memo.get(k) : this.stepMemo?.get(cond);
    if (known !== undefined) return known as Stepped;
    let entries: CondEntry[] | null = null;
    let result: Stepped = null;
    for (const e of cond.entries) {
      const r = this.stepSub(e.sub, cp, p, view);
      if (r === YES || r === NO) {
        if ((r === YES) === e.negate) {
          result = DEAD;
          break;
        }
        continue;
      }
      (entries ??= []).push({ negate: e.negate, sub: r });
    }
    if (result !== DEAD && entries !== null) result = this.t.cond(canonical(entries));
    if (memo) memo.set(k, result);
    else (this.stepMemo ??= new Map()).set(cond, result);
    return result;
  }

  private stepSub(s: Sub, cp: number, p: number, view: View): SubResult {
    const k = cp * 2 + (p === view.end ? 1 : 0);
    const memo = this.memoFor(s.id, this.t.subSteps as Map<number, Map<number, unknown>>);
    const known = memo ? memo.get(k) : this.stepMemo?.get(s);
    if (known !== undefined) return known as SubResult;
    const out = { threads: [] as SubThread[], seen: new Set<number>() };
    const keep = (w: SubThread) => {
      const key = w.cond === null ? w.pc : w.pc + this.width * (w.cond.id + 1);
      if (out.seen.has(key)) return;
      out.seen.add(key);
      out.threads.push(w);
    };
    let result: SubResult | null = null;
    for (const t of s.threads) {
      const inst = this.insts[t.pc]!;
      if (inst.op === Op.Char) {
        if (!inst.test!.accepts(cp)) continue;
        const cond = t.cond === null ? null : this.stepCond(t.cond, cp, p, view);
        if (cond === DEAD) continue;
        const c = this.closure(inst.next, cond, p, view);
        if (c.matched) {
          result = YES;
          break;
        }
        for (const w of c.waits) keep(w);
      } else if (inst.op === Op.Match) {
        const cond = this.stepCond(t.cond!, cp, p, view);
        if (cond === DEAD) continue;
        if (cond === null) {
          result = YES;
          break;
        }
        keep({ pc: t.pc, cond });
      }
    }
    result ??= out.threads.length === 0 ? NO : this.t.sub(out.threads, this.width);
    if (memo) memo.set(k, result);
    else (this.stepMemo ??= new Map()).set(s, result);
    return result;
  }

  /** Where a thread in state (pc, cond) would end a match if the text ended at `view.end`, or -1 (`end`: of a waiting match). */
  private endAtEnd(pc: number, cond: Cond | null, end: number, view: View): number {
    const inst = this.insts[pc]!;
    if (inst.op === Op.Match) return this.condAtEnd(cond, view) ? end : -1;
    if (inst.op === Op.End) return this.matchesAtEnd(inst.next, cond, view) ? view.end : -1;
    return -1;
  }

  /** Whether a path from `pc0` matches without reading, the text ending at `view.end`. */
  private matchesAtEnd(pc0: number, cond0: Cond | null, view: View): boolean {
    const stack: (number | Cond | null)[] = [pc0, cond0];
    const seen = new Set<number>();
    while (stack.length) {
      const cond = stack.pop() as Cond | null;
      const pc = stack.pop() as number;
      const key = cond === null ? pc : pc + this.width * (cond.id + 1);
      if (seen.has(key)) continue;
      seen.add(key);
      const inst = this.insts[pc]!;
      switch (inst.op) {
        case Op.Split:
          stack.push(inst.alt, cond, inst.next, cond);
          break;
        case Op.Match:
          if (this.condAtEnd(cond, view)) return true;
          break;
        case Op.End:
          stack.push(inst.next, cond);
          break;
        case Op.Behind:
          inst.re!.lastIndex = view.end - view.base;
          if (inst.re!.test(view.text)) stack.push(inst.next, cond);
          break;
        case Op.Ahead:
          if (this.matchesAtEnd(inst.body, null, view) !== inst.negate) stack.push(inst.next, cond);
          break;
        // Char: nothing left to read. Fail: the path ends.
      }
    }
    return false;
  }

  private condAtEnd(cond: Cond | null, view: View): boolean {
    if (cond === null) return true;
    for (const e of cond.entries) {
      const matched = e.sub.threads.some((t) => {
        const inst = this.insts[t.pc]!;
        if (inst.op === Op.Match) return this.condAtEnd(t.cond, view);
        if (inst.op === Op.End) return this.matchesAtEnd(inst.next, t.cond, view);
        return false;
      });
      if (matched === e.negate) return false;
    }
    return true;
  }
}
