import { toTitleCase } from './text';

/** SPEC §6 display: `admin` → `Admin`, `staff` → `Staff`, other role names capitalised (`super_admin` → `Super Admin`). */
export function roleDisplayName(role: string): string {
  return toTitleCase(role);
}
