// SMS segment counting (issue 20), shared by the template editor and the messaging inbox. GSM-7 fits 160 septets in
// one segment and 153 per part of a longer message (the extension characters such as `{` and `€` take two); one
// character outside GSM-7 makes the whole message UCS-2: 70 in one segment, 67 per part. Counting is Twilio's
// segment calculator (sms-segments-calculator), which also handles surrogate pairs and grapheme clusters.

import { SegmentedMessage } from 'sms-segments-calculator';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsSegmentCount = {
  encoding: SmsEncoding;
  segments: number;
  /** Characters as a person counts them. */
  characters: number;
  /** What counts against the segment size: septets for GSM-7 (extension characters count 2), code units for UCS-2. */
  units: number;
  /** How many units one segment holds at this length: 160/153 (GSM-7 septets) or 70/67 (UCS-2 characters). */
  perSegment: number;
  /** The characters that forced UCS-2, each once, in order; empty for GSM-7. */
  ucs2Characters: string[];
};

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

export function countSmsSegments(text: string): SmsSegmentCount {
  if (text === '') {
    return {
      encoding: 'GSM-7',
      segments: 0,
      characters: 0,
      units: 0,
      perSegment: SMS_LIMITS['GSM-7'].single,
      ucs2Characters: [],
    };
  }
  const message = new SegmentedMessage(text, 'auto');
  const encoding: SmsEncoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const segments = message.segmentsCount;
  const limits = SMS_LIMITS[encoding];
  return {
    encoding,
    segments,
    characters: message.graphemes.length,
    units: message.numberOfCharacters,
    perSegment: segments > 1 ? limits.part : limits.single,
    ucs2Characters: encoding === 'UCS-2' ? [...new Set(message.getNonGsmCharacters())] : [],
  };
}

/** The note under a UCS-2 text: which characters forced it. */
export function ucs2Note(count: SmsSegmentCount): string | null {
  if (count.encoding !== 'UCS-2' || count.ucs2Characters.length === 0) return null;
  const listed = count.ucs2Characters.map((character) => `“${character}”`).join(', ');
  const noun = count.ucs2Characters.length === 1 ? 'character' : 'characters';
  return `Sent as UCS-2 (70 characters a segment) because of the ${noun} ${listed}.`;
}
