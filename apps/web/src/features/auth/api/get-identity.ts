import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { profileEndpoints, type Profile } from '@paydesk/domain/profile/profile.contract';
import { api } from '../../../lib/api-client';

export type Identity = { profile: Profile; merchantCount: number };

/** GET /profile/: the first entry of results. */
export async function getProfile(): Promise<Profile> {
  const page = await api.call(profileEndpoints.get);
  const profile = page.results[0];
  if (!profile) throw new Error('The profile answer holds no profile.');
  return profile;
}

/** GET /merchants/?page_size=1: only the count is read. */
export async function getMerchantCount(): Promise<number> {
  const page = await api.call(merchantEndpoints.list, { query: { page_size: 1 } });
  return page.count;
}

/** What a sign-in and the start-up load before routes render (SPEC §2 login behaviour 1, §4 start-up). */
export async function getIdentity(): Promise<Identity> {
  const [profile, merchantCount] = await Promise.all([getProfile(), getMerchantCount()]);
  return { profile, merchantCount };
}

/** PUT /profile/last_merchant/: the merchant the user switched to or opened, where their next session starts. */
export async function rememberLastMerchant(merchantId: string): Promise<void> {
  await api.call(profileEndpoints.rememberLastMerchant, { body: { merchant_id: merchantId } });
}
