/**
 * Capitalises each word; underscores and dashes become spaces and the rest of each word is kept as written:
 * `super_admin` → `Super Admin`, `VP sales` → `VP Sales`.
 */
export function toTitleCase(text: string): string {
  return text
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
