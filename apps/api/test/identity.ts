import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { merchants, roleGrants, users } from '../src/db/schema/identity';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from '../src/db/seed';
import { hashPassword } from '../src/lib/passwords';
import { TEST_ENCRYPTION_KEY } from './helpers';

export { DEMO_PASSWORD };

export type DemoIds = { demoMotors: string; customRolesAuto: string; integratedAuto: string; legacyMotors: string };

/** Seeds the demo organisations and users (see db/seed.ts) and returns the merchants' ids. */
export async function seedDemo(db: Db): Promise<DemoIds> {
  await seedDemoDataIfEmpty(db, { encryptionKey: TEST_ENCRYPTION_KEY });
  const rows = await db.select({ id: merchants.id, name: merchants.name }).from(merchants);
  const idOf = (name: string) => {
    const row = rows.find((merchant) => merchant.name === name);
    if (!row) throw new Error(`no merchant ${name}`);
    return row.id;
  };
  return {
    demoMotors: idOf('Demo Motors'),
    customRolesAuto: idOf('Custom Roles Auto'),
    integratedAuto: idOf('Integrated Auto'),
    legacyMotors: idOf('Legacy Motors'),
  };
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Adds a user (password DEMO_PASSWORD) to the organisation of `merchantId`, with a role there unless `role` is null,
 * for a test that changes, disables or locks its user so that no other test sees the change.
 */
export async function addUser(
  db: Db,
  options: {
    email: string;
    merchantId: string;
    role: 'admin' | 'staff' | { customRoleId: string } | null;
  },
): Promise<string> {
  const [merchant] = await db
    .select({ organizationId: merchants.organization_id })
    .from(merchants)
    .where(eq(merchants.id, options.merchantId));
  if (!merchant) throw new Error(`no merchant ${options.merchantId}`);
  const [user] = await db
    .insert(users)
    .values({
      email: options.email,
      first_name: 'Test',
      last_name: 'User',
      organization_id: merchant.organizationId,
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`user ${options.email} not created`);
  const { role } = options;
  if (role !== null) {
    await db.insert(roleGrants).values({
      user_id: user.id,
      merchant_id: options.merchantId,
      ...(typeof role === 'string' ? { role } : { role: 'custom' as const, custom_role_id: role.customRoleId }),
    });
  }
  return user.id;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access: string; refresh: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** Signs in once per email and gives the authorization header. */
export function sessionsFor(app: FastifyInstance) {
  const cache = new Map<string, Promise<{ authorization: string }>>();
  return (email: string) => {
    let headers = cache.get(email);
    if (!headers) {
      headers = signIn(app, email).then(({ access }) => bearer(access));
      cache.set(email, headers);
    }
    return headers;
  };
}

/** Gives a user (of the merchant's organisation) a role on one more merchant. */
export async function addGrant(
  db: Db,
  userId: string,
  merchantId: string,
  role: 'super_admin' | 'admin' | 'staff' | { customRoleId: string },
): Promise<void> {
  await db.insert(roleGrants).values({
    user_id: userId,
    merchant_id: merchantId,
    ...(typeof role === 'string' ? { role } : { role: 'custom' as const, custom_role_id: role.customRoleId }),
  });
}
