/** Characters that belong to emoji sequences: joiner, variation selectors, the keycap mark. */
const EMOJI_JOINERS = new Set([0x200d, 0xfe0e, 0xfe0f, 0x20e3]);
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

const isEmojiCodePoint = (char: string, codePoint: number) =>
  codePoint > 0xffff || EMOJI_JOINERS.has(codePoint) || PICTOGRAPHIC.test(char);

/**
 * Encodes the emojis of a text (a subject line) as decimal numeric character references before it is
 * sent: every code point outside the Basic Multilingual Plane as ONE reference
 * (😀 -> "&#128512;", never a surrogate pair), pictographs of the BMP (☀, ❤) and the characters that glue
 * emoji sequences (zero-width joiner, variation selectors, keycap). Everything else is left untouched,
 * including "&" and existing references. `decodeNumericReferences` reverses it.
 */
export function encodeEmojiReferences(text: string): string {
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    out += isEmojiCodePoint(char, codePoint) ? `&#${codePoint};` : char;
  }
  return out;
}
