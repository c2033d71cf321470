import type { AccountTag } from '@paydesk/domain/tags/tags.contract';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { deleteTag, findTag, findTags, insertTag, updateTag, type AccountTagRow } from './tags.repository';

export function toTagDto(row: AccountTagRow): AccountTag {
  return { id: row.id, name: row.name, created: row.created.toISOString() };
}

export function listTags(
  ctx: ServiceContext,
  merchantId: string,
  page: { limit: number; offset: number; ordering: string; search?: string },
) {
  return findTags(ctx.db, merchantId, { ...page, search: page.search?.trim() ?? '' });
}

export async function getTag(ctx: ServiceContext, merchantId: string, tagId: string): Promise<AccountTagRow> {
  const tag = isUuid(tagId) ? await findTag(ctx.db, merchantId, tagId) : undefined;
  if (!tag) throw notFound();
  return tag;
}

const audited = (tag: AccountTagRow) => ({ name: tag.name });

/**
 * A duplicate name (case-insensitively, per merchant) is refused by account_tags_merchant_name_idx, mapped to a
 * `name` field error in one place (lib/database-errors.ts); the audit entry rolls back with it.
 */
export async function createTag(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  input: { name: string },
): Promise<AccountTagRow> {
  return withTransaction(ctx, async (tx) => {
    const tag = await insertTag(tx.db, { merchant_id: merchantId, name: input.name });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'tag',
      action: 'created',
      subjectId: tag.id,
      subjectLabel: tag.name,
      after: audited(tag),
    });
    return tag;
  });
}

export async function renameTag(
  ctx: ServiceContext,
  merchantId: string,
  tagId: string,
  actor: Actor,
  input: { name?: string },
): Promise<AccountTagRow> {
  return withTransaction(ctx, async (tx) => {
    const current = await getTag(tx, merchantId, tagId);
    if (input.name === undefined || input.name === current.name) return current;
    const tag = (await updateTag(tx.db, current.id, input.name)) ?? current;
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'tag',
      action: 'updated',
      subjectId: tag.id,
      subjectLabel: tag.name,
      before: audited(current),
      after: audited(tag),
    });
    return tag;
  });
}

/** Accounts lose the tag with it (their join rows cascade). */
export async function removeTag(ctx: ServiceContext, merchantId: string, tagId: string, actor: Actor): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const tag = await getTag(tx, merchantId, tagId);
    await deleteTag(tx.db, tag.id);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'tag',
      action: 'deleted',
      subjectId: tag.id,
      subjectLabel: tag.name,
      before: audited(tag),
    });
  });
}
