import { meetsRequirement } from '@paydesk/domain/access/requirements';
import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import { useMerchant } from '../../../lib/merchant-query';
import { useViewer } from '../../../lib/use-viewer';

/** Which settings screens of a merchant the user may open: the same rules the route guards apply (SPEC §6). */
export function useSettingsAccess(merchantID: string) {
  const viewer = useViewer();
  const merchant = useMerchant(merchantID, { onlyIfOpenable: true });
  const context = {
    roles: viewer.accessRoles(merchantID),
    merchant: { check_custom_roles: merchant.data?.check_custom_roles ?? false },
  };
  return {
    users: meetsRequirement(ROUTE_ACCESS.SettingsUsers, context),
    roles: meetsRequirement(ROUTE_ACCESS.SettingsRoles, context),
    tags: meetsRequirement(ROUTE_ACCESS.SettingsTags, context),
    activity: meetsRequirement(ROUTE_ACCESS.SettingsActivity, context),
    messaging: meetsRequirement(ROUTE_ACCESS.SettingsMessaging, context),
    integrations: meetsRequirement(ROUTE_ACCESS.SettingsIntegrations, context),
    passtime: meetsRequirement(ROUTE_ACCESS.SettingsPasstime, context),
    ituran: meetsRequirement(ROUTE_ACCESS.SettingsIturan, context),
  };
}
