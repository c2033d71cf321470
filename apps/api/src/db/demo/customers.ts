// Demo customers (issue 9): 200 at Demo Motors over its locations, 20 at Custom Roles Auto, 20 at Integrated Auto,
// with accounts in every status, due dates, amounts, tags, opt-ins with their consent ledger rows, co-borrowers,
// notes and a history entry each. Deterministic (a fixed-seed generator) and written with multi-row inserts.

import { consentAffirmationText, type AccountStatus } from '@paydesk/domain/customers/customers.contract';
import { normalizePhoneNumber } from '@paydesk/domain/validation/rules';
import { eq } from 'drizzle-orm';
import { refreshCustomerSearch } from '../../modules/customers/customers.public';
import type { FreshbooksClient } from '../../providers/freshbooks/freshbooks-provider';
import { sandboxFreshbooksClient } from '../../providers/freshbooks/sandbox-freshbooks-provider';
import type { Db } from '../client';
import { consentEvents } from '../schema/consent-events';
import {
  accountCustomers,
  accountTagAssignments,
  accounts,
  customerEvents,
  customerNotes,
  customers,
} from '../schema/customers';
import { ledgerEntries } from '../schema/payments';
import { merchantLocations } from '../schema/locations';
import { accountTags } from '../schema/tags';
import type { DemoIdentity } from './identity';
import type { DemoSeeder } from './seeders';

/** mulberry32: a small, fast, fixed-seed generator (never Math.random, so every seed is the same). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'William',
  'Elizabeth',
  'Carlos',
  'Sofia',
  'Daniel',
  'Aisha',
  'Kevin',
  'Mei',
  'Brian',
  'Fatima',
  'Jason',
  'Olivia',
  'Luis',
  'Grace',
  'Tyrone',
  'Hannah',
  'Andre',
  'Chloe',
  'Marcus',
  'Priya',
  'Derek',
  'Emily',
] as const;
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
] as const;
/** Area codes whose 555-0100…0199 numbers libphonenumber accepts as valid US numbers. */
const AREA_CODES = ['212', '312', '415', '617'] as const;
const STATUSES: readonly AccountStatus[] = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'pending',
  'pending',
  'closed',
  'inactive',
  'do_not_contact',
];
const NOTES = [
  'Called about the late payment; promised to pay Friday.',
  'Customer asked for the payoff amount.',
  'Left a voicemail.',
  'Prefers text messages after 5 pm.',
  'Vehicle in the shop; payment may be late this month.',
] as const;
const DEMO_TAGS = ['Repo Risk', 'VIP', 'Bankruptcy'] as const;
const DEMO_LOCATIONS = [
  { name: 'Main St', address_line1: '100 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  { name: 'Airport Rd', address_line1: '2500 Airport Rd', city: 'Springfield', state: 'IL', postal_code: '62707' },
] as const;

async function locationsOf(tx: Db, merchantId: string, create: number): Promise<string[]> {
  const existing = await tx
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(eq(merchantLocations.merchant_id, merchantId))
    .orderBy(merchantLocations.name);
  if (existing.length > 0) return existing.map((row) => row.id);
  const created = await tx
    .insert(merchantLocations)
    .values(
      DEMO_LOCATIONS.slice(0, create).map((location) => ({
        ...location,
        merchant_id: merchantId,
        timezone: 'America/Chicago',
      })),
    )
    .returning({ id: merchantLocations.id });
  return created.map((row) => row.id);
}

/** The merchant's own tags (the tags seeder's): Repo Risk, VIP and Bankruptcy first where the merchant has them. */
async function tagsOf(tx: Db, merchantId: string): Promise<string[]> {
  const found = await tx
    .select({ id: accountTags.id, name: accountTags.name })
    .from(accountTags)
    .where(eq(accountTags.merchant_id, merchantId))
    .orderBy(accountTags.name);
  const rank = (name: string) => {
    const index = DEMO_TAGS.indexOf(name as (typeof DEMO_TAGS)[number]);
    return index === -1 ? DEMO_TAGS.length : index;
  };
  return found.sort((a, b) => rank(a.name) - rank(b.name)).map((tag) => tag.id);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function seedMerchantCustomers(
  tx: Db,
  demo: DemoIdentity,
  options: {
    merchantId: string;
    count: number;
    locations: number;
    seed: number;
    prefix: string;
    now: Date;
    /** For an integrated merchant: its system's client per account external id, which names and amounts follow. */
    clientOf?: (externalId: string) => FreshbooksClient | null;
  },
): Promise<void> {
  const random = generator(options.seed);
  const locationIds = await locationsOf(tx, options.merchantId, options.locations);
  const tagIds = await tagsOf(tx, options.merchantId);
  const base = new Date(Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), 1));

  const externalIdOf = (index: number) => `${options.prefix}-${String(1001 + index)}`;
  const clients = Array.from({ length: options.count }, (_, index) => options.clientOf?.(externalIdOf(index)) ?? null);

  const customerValues = Array.from({ length: options.count }, (_, index) => {
    const client = clients[index];
    const first_name = client?.first_name ?? random.pick(FIRST_NAMES);
    const last_name = client?.last_name ?? random.pick(LAST_NAMES);
    const area = AREA_CODES[Math.floor(index / 100) % AREA_CODES.length] ?? '212';
    const clientPhone = client ? normalizePhoneNumber(client.phone) : null;
    const hasPhone = clientPhone !== null || index % 17 !== 5;
    // Spread over the last months, so the demo's payments have a history to sit in.
    const created = new Date(options.now.getTime() - (options.count - index) * 12 * 3_600_000);
    return {
      merchant_id: options.merchantId,
      location_id: locationIds[index % locationIds.length] ?? '',
      first_name,
      last_name,
      email:
        client?.email || (index % 9 === 4 ? null : `${first_name}.${last_name}.${index}@example.com`.toLowerCase()),
      sms_phone_number: clientPhone ?? (hasPhone ? `+1${area}5550${String(100 + (index % 100)).slice(-3)}` : null),
      date_of_birth:
        index % 3 === 0 ? null : day(new Date(Date.UTC(random.int(1950, 2002), random.int(0, 11), random.int(1, 28)))),
      language: index % 8 === 3 ? 'es-US' : 'en-US',
      text_opt_in: hasPhone && index % 4 !== 1,
      email_opt_in: index % 9 !== 4 && index % 3 === 0,
      created,
      updated: created,
    };
  });
  const inserted = await tx.insert(customers).values(customerValues).returning();

  const accountValues = inserted.map((customer, index) => {
    const autopay = index % 5 === 0;
    const dueDay = autopay ? random.int(1, 28) : random.int(1, 31);
    const due = new Date(base.getTime());
    due.setUTCMonth(due.getUTCMonth() + random.int(-1, 1));
    due.setUTCDate(dueDay);
    return {
      merchant_id: options.merchantId,
      location_id: customer.location_id,
      external_id: externalIdOf(index),
      amount_due_cents: clients[index]?.outstanding_cents ?? random.int(0, 2500) * 100 + random.pick([0, 0, 50, 99]),
      due_date: day(due),
      autopay,
      convenience_fee_cents: random.pick([0, 0, 295, 395]),
      status: random.pick(STATUSES),
      created: customer.created,
      updated: customer.created,
    };
  });
  const insertedAccounts = await tx
    .insert(accounts)
    .values(accountValues)
    .returning({ id: accounts.id, amount_due_cents: accounts.amount_due_cents, created: accounts.created });
  // The ledger opens every account with what it owed when it was created (the amount due is the ledger's sum).
  await tx.insert(ledgerEntries).values(
    insertedAccounts.map((account) => ({
      merchant_id: options.merchantId,
      account_id: account.id,
      kind: 'opening' as const,
      amount_cents: account.amount_due_cents,
      actor_name: 'Import',
      reason: 'Amount due when the account was opened',
      created: account.created,
    })),
  );

  const links: (typeof accountCustomers.$inferInsert)[] = insertedAccounts.map((account, index) => ({
    account_id: account.id,
    customer_id: inserted[index]?.id ?? '',
    role: 'primary',
  }));
  // Every tenth account has the next customer as a co-borrower.
  for (let index = 0; index + 1 < insertedAccounts.length; index += 10) {
    links.push({
      account_id: insertedAccounts[index]?.id ?? '',
      customer_id: inserted[index + 1]?.id ?? '',
      role: 'co_borrower',
    });
  }
  await tx.insert(accountCustomers).values(links);

  const tagLinks = insertedAccounts.flatMap((account, index) => {
    const picks: string[] = [];
    if (index % 7 === 2) picks.push(tagIds[0] ?? '');
    if (index % 11 === 3) picks.push(tagIds[1] ?? '');
    if (index % 23 === 9) picks.push(tagIds[2] ?? '');
    return picks.filter(Boolean).map((tag_id) => ({ account_id: account.id, tag_id }));
  });
  if (tagLinks.length > 0) await tx.insert(accountTagAssignments).values(tagLinks);

  const ledger = inserted.flatMap((customer) => [
    ...(customer.text_opt_in ? [['sms', customer] as const] : []),
    ...(customer.email_opt_in ? [['email', customer] as const] : []),
  ]);
  if (ledger.length > 0) {
    await tx.insert(consentEvents).values(
      ledger.map(([channel, customer]) => ({
        merchant_id: options.merchantId,
        customer_id: customer.id,
        channel,
        opted_in: true,
        actor_id: demo.users.admin.id,
        method: 'created' as const,
        affirmation: consentAffirmationText(channel, true),
        created: customer.created,
      })),
    );
  }

  await tx.insert(customerEvents).values(
    inserted.map((customer, index) => ({
      merchant_id: options.merchantId,
      customer_id: customer.id,
      account_id: insertedAccounts[index]?.id ?? null,
      kind: 'customer.created',
      actor_id: demo.users.admin.id,
      after: { first_name: customer.first_name, last_name: customer.last_name },
      created: customer.created,
    })),
  );

  const notes = inserted
    .filter((_, index) => index % 6 === 0)
    .map((customer, index) => ({
      merchant_id: options.merchantId,
      customer_id: customer.id,
      author_id: index % 2 === 0 ? demo.users.admin.id : demo.users.staff.id,
      body: NOTES[index % NOTES.length] ?? '',
      created: new Date(customer.created.getTime() + 600_000),
    }));
  if (notes.length > 0) await tx.insert(customerNotes).values(notes);

  await refreshCustomerSearch(
    tx,
    inserted.map((customer) => customer.id),
  );
}

export const seedCustomers: DemoSeeder = async (tx, demo, tools) => {
  const now = tools.clock();
  await seedMerchantCustomers(tx, demo, {
    merchantId: demo.merchants.demoMotors.id,
    count: 200,
    locations: 2,
    seed: 9001,
    prefix: 'DM',
    now,
  });
  await seedMerchantCustomers(tx, demo, {
    merchantId: demo.merchants.customRolesAuto.id,
    count: 20,
    locations: 1,
    seed: 9002,
    prefix: 'CR',
    now,
  });
  await seedMerchantCustomers(tx, demo, {
    merchantId: demo.merchants.integratedAuto.id,
    count: 20,
    locations: 1,
    seed: 9003,
    prefix: 'IA',
    now,
    // Integrated Auto's FreshBooks is the embedded sandbox (seedIntegrations): its customers are the sandbox's clients.
    clientOf: sandboxFreshbooksClient,
  });
};
