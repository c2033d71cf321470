import { PERMISSION_FLAGS } from '@paydesk/domain/access/roles';
import type { Db } from '../client';
import { customRoles, merchantDisabledUsers, merchants, organizations, roleGrants, users } from '../schema/identity';

type MerchantRow = typeof merchants.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The demo organisations, merchants and people (README lists them); every other demo seeder builds on them. */
export type DemoIdentity = {
  merchants: {
    demoMotors: MerchantRow;
    customRolesAuto: MerchantRow;
    integratedAuto: MerchantRow;
    legacyMotors: MerchantRow;
  };
  users: { superUser: UserRow; admin: UserRow; staff: UserRow; agent: UserRow; legacy: UserRow; inactive: UserRow };
};

export async function seedIdentity(tx: Db, passwordHash: string): Promise<DemoIdentity> {
  const [demoGroup, legacyOrg] = await tx
    .insert(organizations)
    .values([{ name: 'Demo Auto Group' }, { name: 'Legacy Motors Inc', in_legacy_app: true }])
    .returning();
  if (!demoGroup || !legacyOrg) throw new Error('seed: organisations not created');

  const [demoMotors, customRolesAuto, integratedAuto, legacyMotors] = await tx
    .insert(merchants)
    .values([
      { organization_id: demoGroup.id, name: 'Demo Motors', allow_group_message: true },
      { organization_id: demoGroup.id, name: 'Custom Roles Auto', check_custom_roles: true },
      { organization_id: demoGroup.id, name: 'Integrated Auto', is_integrated: true },
      { organization_id: legacyOrg.id, name: 'Legacy Motors', in_legacy_app: true },
    ])
    .returning();
  if (!demoMotors || !customRolesAuto || !integratedAuto || !legacyMotors)
    throw new Error('seed: merchants not created');

  const person = (email: string, first_name: string, last_name: string, organization_id: string | null) => ({
    email,
    first_name,
    last_name,
    organization_id,
    password_hash: passwordHash,
  });
  const [superUser, admin, staff, agent, legacy, , inactive] = await tx
    .insert(users)
    .values([
      { ...person('super@demo.test', 'Sam', 'Super', demoGroup.id), is_super_user: true },
      person('admin@demo.test', 'Avery', 'Admin', demoGroup.id),
      person('staff@demo.test', 'Stacy', 'Staff', demoGroup.id),
      person('agent@demo.test', 'Alex', 'Agent', demoGroup.id),
      person('legacy@demo.test', 'Lee', 'Legacy', legacyOrg.id),
      person('noroles@demo.test', 'Nora', 'Noroles', demoGroup.id),
      { ...person('inactive@demo.test', 'Ian', 'Inactive', demoGroup.id), is_active: false },
    ])
    .returning();
  if (!superUser || !admin || !staff || !agent || !legacy || !inactive) throw new Error('seed: users not created');

  const [collector] = await tx
    .insert(customRoles)
    .values({
      merchant_id: customRolesAuto.id,
      role_name: 'Collector',
      role_description: 'Works the collections queue: free-text chat and notes.',
      permissions: PERMISSION_FLAGS.filter(
        (flag) => flag === 'is_customer_free_text_allowed' || flag === 'is_note_update_allowed',
      ),
    })
    .returning();
  if (!collector) throw new Error('seed: role not created');

  const demoMerchants = [demoMotors, customRolesAuto, integratedAuto];
  await tx.insert(roleGrants).values([
    ...demoMerchants.map((merchant) => ({
      user_id: superUser.id,
      merchant_id: merchant.id,
      role: 'super_admin' as const,
    })),
    { user_id: superUser.id, merchant_id: legacyMotors.id, role: 'super_admin' as const },
    ...demoMerchants.map((merchant) => ({ user_id: admin.id, merchant_id: merchant.id, role: 'admin' as const })),
    { user_id: staff.id, merchant_id: demoMotors.id, role: 'staff' as const },
    { user_id: agent.id, merchant_id: customRolesAuto.id, role: 'custom' as const, custom_role_id: collector.id },
    { user_id: legacy.id, merchant_id: legacyMotors.id, role: 'admin' as const },
  ]);
  // The disabled user was staff of Demo Motors: listed there as Disabled, to be re-enabled.
  await tx
    .insert(merchantDisabledUsers)
    .values({ user_id: inactive.id, merchant_id: demoMotors.id, role: 'staff', disabled_by: admin.id });
  return {
    merchants: { demoMotors, customRolesAuto, integratedAuto, legacyMotors },
    users: { superUser, admin, staff, agent, legacy, inactive },
  };
}
