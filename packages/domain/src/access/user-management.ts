// Who may disable whom. The spec is silent; the rule is that nobody may disable someone who outranks them.

import { hasAnyRole } from './claims';

export type UserManager = { isSuperUser: boolean; roles: readonly string[] };
export type ManagedUser = { is_super_user: boolean; role: string | null };

export function mayDisableUser(manager: UserManager, target: ManagedUser): boolean {
  if (target.is_super_user) return manager.isSuperUser;
  if (target.role === 'super_admin') return manager.isSuperUser || hasAnyRole(manager, ['super_admin']);
  if (target.role === 'admin') return manager.isSuperUser || hasAnyRole(manager, ['super_admin', 'admin']);
  return true;
}
