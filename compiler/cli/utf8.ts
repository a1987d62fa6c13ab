// Strict UTF-8 for everything the CLI reads: invalid bytes are an error naming their byte offset, never
// replaced by U+FFFD (which would change the text silently).

const strict = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder("utf-8");

export class InvalidUtf8Error extends Error {
  override name = "InvalidUtf8Error";
  constructor(
    readonly where: string,
    readonly offset: number,
  ) {
    super(`${where}: invalid UTF-8 at byte ${offset}`);
  }
}

/** Decodes `bytes` strictly; on invalid input throws InvalidUtf8Error at `base` + the first bad byte. */
export function decodeUtf8(bytes: Uint8Array, where: string, base = 0): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new InvalidUtf8Error(where, base + firstInvalidByte(bytes));
  }
}

/** Where decoding goes wrong: the valid prefix re-encodes to the same bytes, the first difference is the
 * first invalid byte (only computed on the error path). */
function firstInvalidByte(bytes: Uint8Array): number {
  const again = Buffer.from(lenient.decode(bytes), "utf8");
  let i = 0;
  while (i < bytes.length && i < again.length && bytes[i] === again[i]) i++;
  return i;
}

/** Length of `bytes` without a trailing, possibly incomplete, multi-byte sequence (at most 3 bytes). */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 3); i--) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return n - i < need ? i : n;
  }
  return n;
}

/** A byte stream (stdin, a pipe) decoded chunk by chunk; a character split across chunks is carried over. */
export class Utf8Stream {
  private carry: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(private readonly where: string) {}

  decode(chunk: Uint8Array): string {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    const text = decodeUtf8(bytes.subarray(0, cut), this.where, this.offset);
    this.offset += cut;
    this.carry = bytes.slice(cut);
    return text;
  }

  /** At end of input a carried partial character is an error too. */
  end(): void {
    if (this.carry.length) throw new InvalidUtf8Error(this.where, this.offset);
  }
}
