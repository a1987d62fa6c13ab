// What a stream has sent of a call's arguments (and of all its calls), without keeping it: a length and two 32-bit hashes of the
// text, enough to tell whether the deltas are a prefix of (then equal to) the final arguments, while memory
// stays proportional to text not yet sent.

export class Digest {
  length = 0;
  private a = 0x811c9dc5;
  private b = 0;

  add(s: string): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193); // FNV-1a
      b = (Math.imul(b, 0x5bd1e995) + c) | 0; // polynomial
    }
    this.a = a;
    this.b = b;
    this.length += s.length;
  }

  /** The digest as text (length and hashes), to fold into another digest. */
  summary(): string {
    return `${this.length}:${this.a >>> 0}:${this.b >>> 0}`;
  }

  equals(o: Digest): boolean {
    return this.length === o.length && this.a === o.a && this.b === o.b;
  }

  /** Whether `s` is exactly the text added. */
  matches(s: string): boolean {
    if (s.length !== this.length) return false;
    const d = new Digest();
    d.add(s);
    return d.a === this.a && d.b === this.b;
  }
}
