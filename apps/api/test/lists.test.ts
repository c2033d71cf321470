import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let session: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  session = sessionsFor(t.app);
});
afterAll(() => t.close());

const get = async (url: string, email = 'super@demo.test') =>
  t.app.inject({ method: 'GET', url, headers: await session(email) });

describe('list endpoints', () => {
  it('give the total with the page, and still on a page past the end', async () => {
    const all = (await get('/api/merchants/?page_size=1000')).json();
    expect(all.count).toBeGreaterThan(2);
    expect(all.results).toHaveLength(all.count);

    const second = (await get('/api/merchants/?page=2&page_size=1')).json();
    expect(second.count).toBe(all.count);
    expect(second.results).toEqual([all.results[1]]);

    const beyond = await get(`/api/merchants/?page=${all.count + 5}&page_size=1`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ count: all.count, results: [] });

    const lastPartial = (await get(`/api/merchants/?page=2&page_size=${all.count - 1}`)).json();
    expect(lastPartial).toMatchObject({ count: all.count, next: null, results: [all.results.at(-1)] });
  });

  it('give the total of a search, on a full page and past the end', async () => {
    const motors = (await get('/api/merchants/?search=motors')).json();
    expect(motors.count).toBe(2);
    expect((await get('/api/merchants/?search=motors&page_size=1')).json()).toMatchObject({
      count: 2,
      results: [motors.results[0]],
    });
    expect((await get('/api/merchants/?search=motors&page=2&page_size=1')).json().count).toBe(2);
    expect((await get('/api/merchants/?search=motors&page=4&page_size=1')).json()).toMatchObject({
      count: 2,
      results: [],
    });
    expect((await get('/api/merchants/?search=nothing-like-it')).json()).toMatchObject({ count: 0, results: [] });
  });

  it('sort by a whitelisted key, either way, and refuse any other', async () => {
    const names = async (ordering: string) =>
      (await get(`/api/merchants/?ordering=${ordering}`)).json().results.map((row: { name: string }) => row.name);
    const ascending = await names('name');
    expect(ascending).toEqual([...ascending].sort());
    expect(await names('-name')).toEqual([...ascending].reverse());

    const refused = await get('/api/merchants/?ordering=organization_id');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('ordering');

    const users = (await get(`/api/merchants/${ids.demoMotors}/users/?ordering=-email`)).json();
    const emails = users.results.map((row: { email: string }) => row.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await get(`/api/merchants/${ids.demoMotors}/users/?ordering=password_hash`)).statusCode).toBe(400);
    expect((await get(`/api/merchants/${ids.customRolesAuto}/roles/?ordering=-created`)).statusCode).toBe(200);
  });
});
