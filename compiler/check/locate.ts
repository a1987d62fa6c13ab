// Where a JSON path is in a file: line and column of each value, and of a character inside a string
// value (for pattern columns), found by a small scan of the JSON text. Paths use the loader's spelling:
// `fields.tool_calls.open_pattern`, `fields.x.transform[0]`, "" for the root.

export interface Position {
  line: number;
  col: number;
}

export interface Located {
  /** Offset of the value's first character (the opening quote for strings). */
  offset: number;
  /** Offset of the key's opening quote, when the value is an object member. */
  keyOffset: number | null;
}

export class JsonLocator {
  private readonly values = new Map<string, Located>();
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
    try {
      this.scanValue(this.skipWs(0), "", null);
    } catch {
      // Broken JSON: positions stay unknown; the loader reports the syntax error.
    }
  }

  position(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.lineStarts[lo]! + 1 };
  }

  /** Position of the value at `path` (or of its key, which is where editors point), else of the nearest
   * enclosing value that exists. */
  at(path: string): Position | null {
    for (let p: string | null = path; p !== null; p = parentPath(p)) {
      const v = this.values.get(p);
      if (v) return this.position(v.keyOffset ?? v.offset);
    }
    return null;
  }

  /** Position of code unit `index` of the decoded string value at `path`. */
  inString(path: string, index: number): Position | null {
    const v = this.values.get(path);
    if (!v || this.text[v.offset] !== '"') return this.at(path);
    let i = v.offset + 1;
    // Both sides count UTF-16 code units: an escape is one decoded unit, anything else one for one.
    for (let decoded = 0; decoded < index && i < this.text.length && this.text[i] !== '"'; decoded++) {
      i += this.text[i] === "\\" ? (this.text[i + 1] === "u" ? 6 : 2) : 1;
    }
    return this.position(i);
  }

  private skipWs(i: number): number {
    while (i < this.text.length && " \t\r\n".includes(this.text[i]!)) i++;
    return i;
  }

  private scanValue(i: number, path: string, keyOffset: number | null): number {
    this.values.set(path, { offset: i, keyOffset });
    const c = this.text[i];
    if (c === "{") {
      i = this.skipWs(i + 1);
      if (this.text[i] === "}") return i + 1;
      for (;;) {
        const keyAt = i;
        const end = this.scanString(i);
        const key = JSON.parse(this.text.slice(i, end)) as string;
        i = this.skipWs(end);
        if (this.text[i] !== ":") throw new Error("expected :");
        i = this.scanValue(this.skipWs(i + 1), path ? `${path}.${key}` : key, keyAt);
        i = this.skipWs(i);
        if (this.text[i] === ",") i = this.skipWs(i + 1);
        else if (this.text[i] === "}") return i + 1;
        else throw new Error("expected , or }");
      }
    }
    if (c === "[") {
      i = this.skipWs(i + 1);
      if (this.text[i] === "]") return i + 1;
      for (let n = 0; ; n++) {
        i = this.skipWs(this.scanValue(i, `${path}[${n}]`, null));
        if (this.text[i] === ",") i = this.skipWs(i + 1);
        else if (this.text[i] === "]") return i + 1;
        else throw new Error("expected , or ]");
      }
    }
    if (c === '"') return this.scanString(i);
    let j = i;
    while (j < this.text.length && /[0-9A-Za-z+\-.]/.test(this.text[j]!)) j++;
    if (j === i) throw new Error("unexpected character");
    return j;
  }

  private scanString(i: number): number {
    if (this.text[i] !== '"') throw new Error("expected string");
    for (let j = i + 1; j < this.text.length; j++) {
      if (this.text[j] === "\\") j++;
      else if (this.text[j] === '"') return j + 1;
    }
    throw new Error("unterminated string");
  }
}

function parentPath(p: string): string | null {
  if (p === "") return null;
  const m = /^(.*)(?:\.[^.[\]]*|\[\d+\])$/.exec(p);
  return m ? m[1]! : "";
}
