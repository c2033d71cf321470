export type UserStatus = 'Pending' | 'Active' | 'Inactive';

export function formatFullName(user: { first_name?: string | null; last_name?: string | null }): string {
  return [user.first_name?.trim(), user.last_name?.trim()].filter(Boolean).join(' ');
}

/** Pending wins over the active flag: an invited user who has not registered yet is Pending. */
export function userStatus(user: { is_pending: boolean; is_active: boolean }): UserStatus {
  if (user.is_pending) return 'Pending';
  return user.is_active ? 'Active' : 'Inactive';
}
