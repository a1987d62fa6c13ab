// `\X`: an extended grapheme cluster per UAX #29, approximated: Hangul syllable sequences are joined
// (a precomposed LVT syllable may also take trailing V jamo), Prepend marks and the Indic conjunct
// rule (GB9c) are not modelled. The emitter wraps it in an atomic group.
import { notIn } from "./js-source.ts";

const HANGUL_L = "\\u{1100}-\\u{115F}\\u{A960}-\\u{A97C}";
const HANGUL_V = "\\u{1160}-\\u{11A7}\\u{D7B0}-\\u{D7C6}";
const HANGUL_T = "\\u{11A8}-\\u{11FF}\\u{D7CB}-\\u{D7FB}";
const HANGUL = `[${HANGUL_L}]*(?:[${HANGUL_V}]+|[\\u{AC00}-\\u{D7A3}][${HANGUL_V}]*)[${HANGUL_T}]*|[${HANGUL_L}]+|[${HANGUL_T}]+`;

export const GRAPHEME =
  `(?:\\r\\n|\\p{RI}\\p{RI}|[\\p{Cc}\\p{Zl}\\p{Zp}]|(?:${HANGUL}|${notIn("\\p{Cc}\\p{Zl}\\p{Zp}")})` +
  "(?:[\\p{Grapheme_Extend}\\p{Mc}\\p{Emoji_Modifier}]|\\u{200D}\\p{Extended_Pictographic}?)*)";
