// One convention for every property test (fast-check), read from two environment variables:
//   PROPERTY_SEED  the seed of every property (an integer; default FIXED_SEED, so two runs of the same code
//                  test the same cases). A failure names the seed, the counterexample path and the command
//                  that replays it.
//   PROPERTY_RUNS  how many cases: `N` runs every property N times, `xK` runs each K times its own default
//                  (e.g. `PROPERTY_RUNS=x20 npm test` for a heavy run). Unset: each property's default.
// Properties call checkProperty / checkAsyncProperty; test/support/property.test.ts checks that none calls
// fc.assert directly.

import fc from "fast-check";
import { expect } from "vitest";

const FIXED_SEED = 142026;

function parseSeed(raw: string | undefined): number {
  if (raw === undefined || raw === "") return FIXED_SEED;
  const n = Number(raw);
  if (!Number.isInteger(n) || Math.abs(n) > 2 ** 31 - 1) throw new Error(`PROPERTY_SEED must be a 32-bit integer, got ${JSON.stringify(raw)}`);
  return n;
}

export const PROPERTY_SEED = parseSeed(process.env.PROPERTY_SEED);

/** The number of cases for a property whose default is `defaults`, after PROPERTY_RUNS. */
export function propertyRuns(defaults: number, raw = process.env.PROPERTY_RUNS): number {
  if (raw === undefined || raw === "") return defaults;
  const m = /^(x)?(\d+)$/.exec(raw.trim());
  if (!m || Number(m[2]) === 0) throw new Error(`PROPERTY_RUNS must be N or xK (positive integers), got ${JSON.stringify(raw)}`);
  return m[1] ? defaults * Number(m[2]) : Number(m[2]);
}

type Options<Ts> = Omit<fc.Parameters<Ts>, "seed" | "numRuns">;

function parameters<Ts>(defaults: number, options: Options<Ts>): fc.Parameters<Ts> {
  return { ...options, seed: PROPERTY_SEED, numRuns: propertyRuns(defaults) };
}

function withReplay(e: unknown, runs: number): Error {
  const file = expect.getState().testPath ?? "<test file>";
  const how = `replay: PROPERTY_SEED=${PROPERTY_SEED} PROPERTY_RUNS=${runs} npx vitest run ${file}`;
  if (e instanceof Error) {
    e.message = `${e.message}\n(property seed ${PROPERTY_SEED}; ${how})`;
    return e;
  }
  return new Error(`${String(e)}\n(property seed ${PROPERTY_SEED}; ${how})`);
}

/** fc.assert with the shared seed and run count; `defaults` is this property's number of cases. */
export function checkProperty<Ts>(property: fc.IProperty<Ts>, defaults: number, options: Options<Ts> = {}): void {
  const params = parameters(defaults, options);
  try {
    fc.assert(property, params);
  } catch (e) {
    throw withReplay(e, params.numRuns!);
  }
}

/** checkProperty for async properties. */
export async function checkAsyncProperty<Ts>(property: fc.IAsyncProperty<Ts>, defaults: number, options: Options<Ts> = {}): Promise<void> {
  const params = parameters(defaults, options);
  try {
    await fc.assert(property, params);
  } catch (e) {
    throw withReplay(e, params.numRuns!);
  }
}

/** Counts of named outcomes, for properties that state how their cases are distributed. */
export class Tally<K extends string> {
  readonly counts = new Map<K, number>();
  total = 0;
  add(k: K): void {
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.total++;
  }
  get(k: K): number {
    return this.counts.get(k) ?? 0;
  }
  share(k: K): number {
    return this.total === 0 ? 0 : this.get(k) / this.total;
  }
  toString(): string {
    return [...this.counts].map(([k, n]) => `${k} ${n} (${Math.round((100 * n) / this.total)}%)`).join(", ");
  }
}

/** Cuts text into chunks at the given code-point offsets (taken modulo its length, deduplicated): the
 * chunkings the streaming properties draw. */
export function chunkedAt(text: string, cuts: number[]): string[] {
  const cps = Array.from(text);
  const at = [...new Set(cuts.map((c) => c % (cps.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of [...at, cps.length]) {
    out.push(cps.slice(prev, c).join(""));
    prev = c;
  }
  return out;
}
