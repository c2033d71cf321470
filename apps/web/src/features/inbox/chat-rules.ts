// The chat pane's rules (SPEC §5 Chat, §9): attachments, when a send goes ahead, the time header, and the character
// and segment counter under the composer.

import { ATTACHMENT_MAX_BYTES, CHAT_TIME_HEADER_GAP_MINUTES } from '@paydesk/domain/constants';
import { ATTACHMENT_TOO_LARGE, ATTACHMENT_WRONG_TYPE } from '@paydesk/domain/messaging/inbox.contract';
import { countSmsSegments } from '@paydesk/domain/messages/sms-segments';

/** What the file picker offers (SPEC §5: images and PDF). */
export const ATTACHMENT_ACCEPT = 'image/*,application/pdf';

/** Why a chosen file cannot be attached, or null. The server checks the content again. */
export function checkAttachment(file: { size: number; type: string; name: string }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TOO_LARGE;
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!file.type.startsWith('image/') && !isPdf) return ATTACHMENT_WRONG_TYPE;
  return null;
}

/** SPEC §5: send ignores an empty body unless an attachment exists. */
export function maySend(body: string, hasAttachment: boolean): boolean {
  return body.trim() !== '' || hasAttachment;
}

/** SPEC §9: a time header above a message more than 5 minutes after the one before it (and above the first). */
export function needsTimeHeader(previousCreated: string | null, created: string): boolean {
  if (previousCreated === null) return true;
  return Date.parse(created) - Date.parse(previousCreated) > CHAT_TIME_HEADER_GAP_MINUTES * 60_000;
}

/** The counter under the composer: characters, segments and the encoding (GSM-7 160/153, UCS-2 70/67). */
export function describeLength(body: string): string {
  const count = countSmsSegments(body);
  const characters = `${count.characters} ${count.characters === 1 ? 'character' : 'characters'}`;
  const segments = `${count.segments} ${count.segments === 1 ? 'segment' : 'segments'}`;
  return `${characters} · ${segments} (${count.encoding}, ${count.perSegment} per segment)`;
}
