import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { merchants, users } from '../src/db/schema/identity';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from '../src/db/seed';

export { DEMO_PASSWORD };

export type DemoIds = { demoMotors: string; customRolesAuto: string; integratedAuto: string; legacyMotors: string };

/** Seeds the demo organisations and users (see db/seed.ts) and returns the merchants' ids. */
export async function seedDemo(db: Db): Promise<DemoIds> {
  await seedDemoDataIfEmpty(db);
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
