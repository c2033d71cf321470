// Notes on a customer: anyone at the merchant adds one; its author edits and deletes it, and so do the merchant's
// administrators (`mayChangeNote`). Each change is in the customer's history with the note's text.

import { mayChangeNote } from '@paydesk/domain/access/requirements';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerNotes } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import { notFound, permissionDenied } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import type { MerchantAccess } from '../users/users.public';
import { recordCustomerEvent } from './customer-events';
import { getCustomerRow, toNoteDto, type MerchantRef } from './customers.read';

/** Who changes a note: the user and their roles on the merchant. */
export type NoteEditor = { id: string; access: Pick<MerchantAccess, 'accessRoles' | 'merchant'> };

async function noteAuthor(db: Db, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function addNote(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  body: string,
  actor: Actor,
) {
  return withTransaction(ctx, async (tx) => {
    const customer = await getCustomerRow(tx.db, merchant.id, customerId);
    const [note] = await tx.db
      .insert(customerNotes)
      .values({
        merchant_id: merchant.id,
        customer_id: customer.id,
        author_id: actor?.id ?? null,
        body,
        created: tx.clock(),
      })
      .returning();
    if (!note) throw new Error('note not inserted');
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId: customer.id,
      kind: 'note.added',
      actor,
      after: { note_id: note.id, body },
    });
    return toNoteDto(note, await noteAuthor(tx.db, note.author_id));
  });
}

/** The note of the (not removed) customer, locked for the change, if the editor may change it: else 404 or 403. */
async function findChangeableNote(
  tx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  noteId: string,
  editor: NoteEditor,
) {
  const customer = await getCustomerRow(tx.db, merchant.id, customerId);
  if (!isUuid(noteId)) throw notFound();
  const [note] = await tx.db
    .select()
    .from(customerNotes)
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.customer_id, customer.id)))
    .for('update');
  if (!note) throw notFound();
  const author = note.author_id ? { id: note.author_id } : null;
  const context = { roles: editor.access.accessRoles, merchant: editor.access.merchant };
  if (!mayChangeNote({ author }, editor, context)) throw permissionDenied();
  return { customer, note };
}

export async function editNote(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  noteId: string,
  body: string,
  editor: NoteEditor,
) {
  return withTransaction(ctx, async (tx) => {
    const { customer, note: current } = await findChangeableNote(tx, merchant, customerId, noteId, editor);
    const [note] = await tx.db
      .update(customerNotes)
      .set({ body, edited: tx.clock() })
      .where(eq(customerNotes.id, current.id))
      .returning();
    if (!note) throw notFound();
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId: customer.id,
      kind: 'note.edited',
      actor: { id: editor.id },
      before: { note_id: note.id, body: current.body },
      after: { note_id: note.id, body },
    });
    return toNoteDto(note, await noteAuthor(tx.db, note.author_id));
  });
}

/** Deletes a note; the history keeps its text (`note.deleted`). */
export async function deleteNote(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  noteId: string,
  editor: NoteEditor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { customer, note } = await findChangeableNote(tx, merchant, customerId, noteId, editor);
    await tx.db.delete(customerNotes).where(eq(customerNotes.id, note.id));
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId: customer.id,
      kind: 'note.deleted',
      actor: { id: editor.id },
      before: { note_id: note.id, body: note.body },
      after: null,
    });
  });
}
