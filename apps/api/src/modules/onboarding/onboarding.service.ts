import type {
  BusinessDetails,
  OnboardingCheck,
  OnboardingSummary,
  businessDetailsInputSchema,
} from '@paydesk/domain/onboarding/onboarding.contract';
import { ownersTotalDetail } from '@paydesk/domain/onboarding/onboarding.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { merchantLocations } from '../../db/schema/locations';
import { businessDetails } from '../../db/schema/onboarding';
import { FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { ownershipOf } from '../owners/owners.public';
import { countActiveMerchantAccounts } from './checks/merchant-accounts';

type BusinessDetailsRow = typeof businessDetails.$inferSelect;
type BusinessDetailsInput = z.output<typeof businessDetailsInputSchema>;

const BLANK_DETAILS: BusinessDetails = {
  complete: false,
  legal_name: '',
  dba: '',
  ein_last4: null,
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
  website: null,
  business_type: null,
  updated: null,
};

export function toBusinessDetailsDto(row: BusinessDetailsRow | undefined): BusinessDetails {
  if (!row) return BLANK_DETAILS;
  return {
    complete: true,
    legal_name: row.legal_name,
    dba: row.dba,
    ein_last4: row.ein_last4,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    phone: row.phone,
    website: row.website,
    business_type: row.business_type,
    updated: row.updated.toISOString(),
  };
}

async function findBusinessDetails(db: Db, merchantId: string, lock = false) {
  const query = db.select().from(businessDetails).where(eq(businessDetails.merchant_id, merchantId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function getBusinessDetails(ctx: ServiceContext, merchantId: string): Promise<BusinessDetailsRow | undefined> {
  return findBusinessDetails(ctx.db, merchantId);
}

/** What the audit log keeps: never the EIN, sealed or not; its last 4 show that it changed. */
function auditView(row: BusinessDetailsRow): Record<string, unknown> {
  const { ein_sealed: _sealed, ...rest } = row;
  return rest;
}

/** Saves the details; the first save needs an EIN, later ones keep the stored EIN when it is left blank. */
export async function saveBusinessDetails(
  ctx: ServiceContext,
  merchantId: string,
  input: BusinessDetailsInput,
  actor: Actor,
): Promise<BusinessDetailsRow> {
  return withTransaction(ctx, async (tx) => {
    const current = await findBusinessDetails(tx.db, merchantId, true);
    const ein = input.ein?.trim() ?? '';
    if (!current && !ein) throw FieldErrors.of('ein', REQUIRED);
    const values = {
      legal_name: input.legal_name,
      dba: input.dba ?? '',
      address_line1: input.address_line1,
      address_line2: input.address_line2 ?? '',
      city: input.city,
      state: input.state,
      postal_code: input.postal_code,
      phone: input.phone,
      website: input.website?.trim() || null,
      business_type: input.business_type,
      updated: tx.clock(),
      ...(ein ? { ein_sealed: ctx.cipher.encrypt(ein), ein_last4: ein.slice(-4) } : {}),
    };
    const [saved] = current
      ? await tx.db.update(businessDetails).set(values).where(eq(businessDetails.merchant_id, merchantId)).returning()
      : await tx.db
          .insert(businessDetails)
          .values({
            ...values,
            merchant_id: merchantId,
            ein_sealed: values.ein_sealed ?? '',
            ein_last4: values.ein_last4 ?? '',
          })
          .onConflictDoUpdate({ target: businessDetails.merchant_id, set: values })
          .returning();
    if (!saved) throw new Error('business details not saved');
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'merchant',
      action: current ? 'updated' : 'created',
      subjectId: merchantId,
      subjectLabel: 'Business details',
      before: current ? auditView({ ...current, updated: saved.updated }) : null,
      after: auditView(saved),
    });
    return saved;
  });
}

export async function onboardingSummary(ctx: ServiceContext, merchantId: string): Promise<OnboardingSummary> {
  const { db } = ctx;
  const [details, owners, [locations], accounts] = await Promise.all([
    findBusinessDetails(db, merchantId),
    ownershipOf(ctx, merchantId),
    db.select({ count: count() }).from(merchantLocations).where(eq(merchantLocations.merchant_id, merchantId)),
    countActiveMerchantAccounts(db, merchantId),
  ]);
  const locationCount = locations?.count ?? 0;
  const checks: OnboardingCheck[] = [
    {
      key: 'business_details',
      label: 'Business details',
      complete: details !== undefined,
      detail: details
        ? `${details.legal_name}, EIN ending ${details.ein_last4}`
        : 'Add the legal name, EIN and address',
    },
    {
      key: 'owners',
      label: 'Owners total 100%',
      complete: owners.total === 100,
      detail: ownersTotalDetail(owners.total, owners.owners),
    },
    {
      key: 'locations',
      label: 'At least one location',
      complete: locationCount > 0,
      detail: locationCount > 0 ? `${locationCount} location(s)` : 'Add a location',
    },
    {
      key: 'merchant_accounts',
      label: 'At least one active merchant account',
      complete: accounts > 0,
      detail: accounts > 0 ? `${accounts} active merchant account(s)` : 'Add a merchant account',
    },
  ];
  const stepsLeft = checks.filter((check) => !check.complete).length;
  return { checks, steps_left: stepsLeft, ready: stepsLeft === 0 };
}
