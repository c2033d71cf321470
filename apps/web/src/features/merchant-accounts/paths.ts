/**
 * The merchant accounts screens' base path (SPEC §2: `/merchants/:merchantID?/locations/:locationID?/merchant-accounts`),
 * scoped to a location when one is given.
 */
export function merchantAccountsPath(merchantID: string, locationID?: string | null): string {
  const location = locationID ? `${encodeURIComponent(locationID)}/` : '';
  return `/merchants/${encodeURIComponent(merchantID)}/locations/${location}merchant-accounts`;
}
