/** The claims the client reads from a JWT; every field is optional because the client never trusts the shape. */
export type JwtPayload = {
  sub?: string;
  iat?: number;
  exp?: number;
  roles?: string[];
  groups?: string[];
};

/**
 * Reads a JWT's payload without verifying it (the server verifies; the client only needs lifetimes and claims).
 * Returns null for anything that is not a three-part token with a JSON object payload.
 */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const record = value as Record<string, unknown>;
    return {
      sub: typeof record.sub === 'string' ? record.sub : undefined,
      iat: typeof record.iat === 'number' ? record.iat : undefined,
      exp: typeof record.exp === 'number' ? record.exp : undefined,
      roles: readStrings(record.roles),
      groups: readStrings(record.groups),
    };
  } catch {
    return null;
  }
}

/**
 * A token's own lifetime (exp − iat) in ms, or null when it carries no readable iat and exp. Never compared with the
 * local clock: the session measures it from the moment the token arrived, so a skewed browser clock does not matter.
 */
export function readLifetimeMs(token: string): number | null {
  const payload = decodeJwtPayload(token);
  if (payload?.iat === undefined || payload.exp === undefined) return null;
  return Math.max(0, (payload.exp - payload.iat) * 1000);
}

function readStrings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}
