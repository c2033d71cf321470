import { PERMISSION_FLAGS, type PermissionFlag } from '@paydesk/domain/access/roles';
import type { ParsedRoleInput, Role } from '@paydesk/domain/roles/roles.contract';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import {
  countRoleHolders,
  deleteRole,
  findRole,
  findRoles,
  insertRole,
  updateRole,
  type CustomRoleRow,
} from './roles.repository';

export function toRoleDto(row: CustomRoleRow): Role {
  const granted = PERMISSION_FLAGS.filter((flag) => row.permissions.includes(flag));
  return {
    id: row.id,
    role_name: row.role_name,
    role_description: row.role_description,
    permissions: Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, granted.includes(flag)])) as Record<
      PermissionFlag,
      boolean
    >,
    has_access: granted,
    settings: {
      min_merchant_payment_amount: row.min_merchant_payment_amount,
      max_merchant_payment_amount: row.max_merchant_payment_amount,
    },
  };
}

export async function findCustomRole(db: Db, merchantId: string, roleId: string): Promise<CustomRoleRow | undefined> {
  return isUuid(roleId) ? findRole(db, merchantId, roleId) : undefined;
}

export async function getRole(db: Db, merchantId: string, roleId: string): Promise<CustomRoleRow> {
  const role = await findCustomRole(db, merchantId, roleId);
  if (!role) throw notFound();
  return role;
}

export function listRoles(db: Db, merchantId: string, page: { limit: number; offset: number; ordering: string }) {
  return findRoles(db, merchantId, page);
}

/** With `current`, flags the input leaves out keep their value (PATCH); without it they are off. */
function toColumns(input: Partial<ParsedRoleInput>, current?: CustomRoleRow) {
  const permissions = input.permissions
    ? PERMISSION_FLAGS.filter((flag) => input.permissions?.[flag] ?? current?.permissions.includes(flag) ?? false)
    : undefined;
  return {
    role_name: input.role_name,
    role_description: input.role_description,
    permissions,
    min_merchant_payment_amount: input.settings?.min_merchant_payment_amount,
    max_merchant_payment_amount: input.settings?.max_merchant_payment_amount,
  };
}

/** A role as the audit log describes it: amounts in integer cents as stored, permissions by flag. */
function audited(role: CustomRoleRow) {
  return {
    role_name: role.role_name,
    role_description: role.role_description,
    permissions: PERMISSION_FLAGS.filter((flag) => role.permissions.includes(flag)),
    min_merchant_payment_amount: role.min_merchant_payment_amount,
    max_merchant_payment_amount: role.max_merchant_payment_amount,
  };
}

export async function createRole(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  input: ParsedRoleInput,
): Promise<CustomRoleRow> {
  // A duplicate name is refused by custom_roles_merchant_name_idx, mapped to a role_name field error in one place
  // (lib/database-errors.ts); the audit entry rolls back with it.
  return withTransaction(ctx, async (tx) => {
    const role = await insertRole(tx.db, { merchant_id: merchantId, ...toColumns(input), role_name: input.role_name });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'role',
      action: 'created',
      subjectId: role.id,
      subjectLabel: role.role_name,
      after: audited(role),
    });
    return role;
  });
}

/** `replace` (PUT) sets the whole role from the input; otherwise (PATCH) only what the input names changes. */
export async function changeRole(
  ctx: ServiceContext,
  merchantId: string,
  roleId: string,
  actor: Actor,
  input: Partial<ParsedRoleInput>,
  mode: 'replace' | 'merge',
): Promise<CustomRoleRow> {
  return withTransaction(ctx, async (tx) => {
    const current = await getRole(tx.db, merchantId, roleId);
    const changes = toColumns(input, mode === 'merge' ? current : undefined);
    if (mode === 'replace') {
      changes.min_merchant_payment_amount ??= null;
      changes.max_merchant_payment_amount ??= null;
    }
    const columns = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(columns).length === 0) return current;
    const updated = (await updateRole(tx.db, current.id, columns)) ?? current;
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'role',
      action: 'updated',
      subjectId: updated.id,
      subjectLabel: updated.role_name,
      before: audited(current),
      after: audited(updated),
    });
    return updated;
  });
}

/** Joins the caller's transaction (the route moves the role's holders first). */
export async function removeRole(ctx: ServiceContext, merchantId: string, roleId: string, actor: Actor): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const role = await getRole(tx.db, merchantId, roleId);
    const holders = await countRoleHolders(tx.db, role.id);
    if (holders > 0)
      throw new HttpError('role.in_use', `This role is assigned to ${holders} user(s); give them another role first.`);
    await deleteRole(tx.db, role.id);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'role',
      action: 'deleted',
      subjectId: role.id,
      subjectLabel: role.role_name,
      before: audited(role),
    });
  });
}
