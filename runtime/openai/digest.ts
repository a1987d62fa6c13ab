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

  /** Adds a separator that no text added here contains (a value above any UTF-16 code unit). */
  addSeparator(): void {
    this.mix(0x10000);
  }

  /** Adds another digest (its length and hashes as three values), to fold a whole text into one step. */
  addDigest(d: Digest): void {
    this.mix(d.length);
    this.mix(d.a);
    this.mix(d.b);
  }

  private mix(v: number): void {
    this.a = Math.imul(this.a ^ v, 0x01000193);
    this.b = (Math.imul(this.b, 0x5bd1e995) + v) | 0;
    this.length++;
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
