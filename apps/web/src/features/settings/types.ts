import type { PermissionFlag } from '@paydesk/domain/access/roles';

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** The merchant fields the settings screens read (GET /merchants/:id/). */
export type SettingsMerchant = {
  id: string;
  name: string;
  organization_name: string;
  check_custom_roles: boolean;
  is_integrated: boolean;
};

export type MerchantUserRole = 'super_admin' | 'admin' | 'staff' | 'custom';

/** A row of GET /merchants/:id/users/. A disabled user has no role. */
export type MerchantUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: MerchantUserRole | null;
  custom_role: { id: string; role_name: string } | null;
  is_super_user: boolean;
  is_pending: boolean;
  is_active: boolean;
  created: string;
};

/** The roles an admin may give in an invitation; `custom` needs a custom_role_id. */
export type InviteRole = 'admin' | 'staff' | 'custom';

export type InviteUserInput = {
  email: string;
  first_name: string;
  last_name: string;
  role: InviteRole;
  custom_role_id?: string;
};

export type RoleSettings = {
  /** Integer cents, or null for no limit. */
  min_merchant_payment_amount: number | null;
  max_merchant_payment_amount: number | null;
};

/** A merchant's custom role (GET /merchants/:id/roles/:roleId/). */
export type Role = {
  id: string;
  role_name: string;
  role_description: string;
  permissions: Record<PermissionFlag, boolean>;
  has_access: PermissionFlag[];
  settings: RoleSettings;
};

/** The body of POST /merchants/:id/roles/ and PUT /merchants/:id/roles/:roleId/. */
export type RoleInput = Pick<Role, 'role_name' | 'role_description' | 'permissions' | 'settings'>;
