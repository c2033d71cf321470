import {
  profileEndpoints,
  type Profile,
  type ProfileNameInput,
  type ProfilePasswordInput,
} from '@paydesk/domain/profile/profile.contract';
import { api } from '../../../lib/api-client';

/** PATCH /profile/: the signed-in user's own name; answers the profile. */
export function updateProfileName(input: ProfileNameInput): Promise<Profile> {
  return api.call(profileEndpoints.updateName, { body: input });
}

/** POST /profile/password/: a new password, proven by the current one; the user's other sign-ins end. */
export async function changeProfilePassword(input: ProfilePasswordInput): Promise<void> {
  await api.call(profileEndpoints.changePassword, { body: input });
}
