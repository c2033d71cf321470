/** What a file's first bytes say it is, among the types a chat attachment may be (images and PDF, SPEC §5 Chat). */
type Signature = { type: string; test: (bytes: Buffer) => boolean };

const startsWith = (bytes: Buffer, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { type: 'image/bmp', test: (b) => startsWith(b, ascii('BM')) && b.length >= 26 },
  {
    type: 'image/tiff',
    test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  {
    // ISO base media: `ftyp` at 4, then the brand.
    type: 'image/heic',
    test: (b) =>
      startsWith(b, ascii('ftyp'), 4) &&
      ['heic', 'heix', 'mif1', 'msf1'].some((brand) => startsWith(b, ascii(brand), 8)),
  },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

/** The content type of an accepted attachment, judged by its content; null for anything else. */
export function mediaTypeOf(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}
