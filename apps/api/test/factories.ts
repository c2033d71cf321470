import { randomUUID } from 'node:crypto';
import type { PermissionFlag } from '@paydesk/domain/access/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../src/db/client';
import { customRoles, merchants, roleGrants, users } from '../src/db/schema/identity';
import { bearer, signIn } from './identity';

/** A name no other test object has, so cases never collide. */
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** Every demo user shares the demo password; copying its hash saves hashing per created user. */
async function findDemoPasswordHash(db: Db): Promise<string> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.email, 'staff@demo.test'));
  if (!row?.hash) throw new Error('seed the demo data first');
  return row.hash;
}

async function findOrganizationOf(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ organization_id: merchants.organization_id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new Error(`no merchant ${merchantId}`);
  return row.organization_id;
}

export async function createMerchant(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .insert(merchants)
    .values({ organization_id: organizationId, name: uniqueName('Throwaway Motors') })
    .returning({ id: merchants.id });
  if (!row) throw new Error('merchant not created');
  return row.id;
}

export async function createCustomRole(db: Db, merchantId: string, flags: readonly PermissionFlag[]): Promise<string> {
  const [row] = await db
    .insert(customRoles)
    .values({ merchant_id: merchantId, role_name: uniqueName('Role'), permissions: [...flags] })
    .returning({ id: customRoles.id });
  if (!row) throw new Error('role not created');
  return row.id;
}

export type Grant = { role: 'super_admin' | 'admin' | 'staff' } | { role: 'custom'; customRoleId: string };

/** An active user of the merchant's organisation holding `grant` there (demo password). */
export async function createUser(db: Db, merchantId: string, grant: Grant): Promise<{ id: string; email: string }> {
  const email = `${randomUUID()}@factory.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      first_name: 'Fresh',
      last_name: 'User',
      organization_id: await findOrganizationOf(db, merchantId),
      password_hash: await findDemoPasswordHash(db),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await db.insert(roleGrants).values({
    user_id: user.id,
    merchant_id: merchantId,
    role: grant.role,
    custom_role_id: grant.role === 'custom' ? grant.customRoleId : null,
  });
  return { id: user.id, email };
}

/** A fresh, signed-in user holding a new custom role with exactly `flags` on the merchant. */
export async function signInCustomRoleUser(
  app: FastifyInstance,
  db: Db,
  merchantId: string,
  flags: readonly PermissionFlag[],
) {
  const customRoleId = await createCustomRole(db, merchantId, flags);
  const user = await createUser(db, merchantId, { role: 'custom', customRoleId });
  const { access } = await signIn(app, user.email);
  return bearer(access);
}

export type RecordedRoute = { methods: string[]; url: string; options: RouteOptions };

/** Records every route the app registers; pass `onRoute` to buildTestApp. */
export function recordRoutes() {
  const routes: RecordedRoute[] = [];
  // Method and URL as registered (Fastify reuses the options object for prefixed variants); the options object itself
  // because the access-declaration hook may still fill in `config.access`.
  const onRoute = (options: RouteOptions) =>
    void routes.push({ methods: [options.method].flat().map(String), url: options.url, options });
  return { routes, onRoute };
}
