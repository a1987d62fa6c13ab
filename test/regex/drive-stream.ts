// Driving a PatternStream the way the engine does, for the property tests that compare its answers.

/** What one search sees: the buffer, its first character's stream offset, the read position in it. */
export interface DriveView {
  buf: string;
  base: number;
  /** The read position, a buffer index. */
  pos: number;
  /** How much of the text has been appended (a stream offset). */
  fed: number;
  eos: boolean;
}

const isTrail = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Feeds `text` in `steps`, then once more at the end of the stream. Each step appends `add` code units
 * (never half of a pair); `search` then answers and returns the next read position (a buffer index); with
 * `trim`, the buffer's front is dropped down to `lookbehind` characters before it (never between the
 * halves of a pair), as the engine drops text no search needs.
 */
export function driveLikeEngine<S extends { add: number; trim: boolean }>(
  text: string,
  steps: readonly S[],
  lookbehind: number,
  search: (view: DriveView, step: S) => number,
): void {
  let buf = "";
  let base = 0;
  let pos = 0;
  let fed = 0;
  for (let k = 0; k <= steps.length; k++) {
    const eos = k === steps.length;
    const s = steps[Math.min(k, steps.length - 1)]!;
    if (!eos) {
      let next = Math.min(text.length, fed + s.add);
      if (next < text.length && isTrail(text.charCodeAt(next))) next++;
      buf += text.slice(fed, next);
      fed = next;
    }
    pos = search({ buf, base, pos, fed, eos }, s);
    if (eos) break;
    const cut = pos - lookbehind;
    if (s.trim && cut > 0 && !isTrail(buf.charCodeAt(cut))) {
      buf = buf.slice(cut);
      base += cut;
      pos -= cut;
    }
  }
}
