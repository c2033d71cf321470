const KEY = 'paydesk.freshbooks.merchant';

/** Remembers, for this tab, which merchant is connecting FreshBooks: the way back if the connection fails. */
export function rememberMerchant(merchantID: string) {
  try {
    sessionStorage.setItem(KEY, merchantID);
  } catch {
    // Storage may be unavailable (private mode); the screen then links to the merchants list.
  }
}

export function rememberedMerchant(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
