import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { roleDisplayName } from '@paydesk/domain/format/role';
import { LinkCardGrid, type LinkCardItem } from '../../../components/link-card-grid';
import { MerchantLogo } from '../../../components/merchant-logo';
import type { ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { useSession } from '../../../lib/session-state';

type HomeRouteProps = {
  /** The screens this user may open (the app decides them from the route table and the route access rules). */
  links: readonly LinkCardItem[];
};

/** `/` (Home): the current merchant and the screens the user may open. */
export function HomeRoute({ links }: HomeRouteProps) {
  const { profile, currentMerchant } = useSession();
  return (
    <Stack gap="xl" maw={1100}>
      <title>Home · Paydesk</title>
      <Stack gap={4}>
        <Title order={1}>{profile?.first_name ? `Welcome, ${profile.first_name}` : 'Welcome'}</Title>
        <Text c="dimmed">Here is where you can go from here.</Text>
      </Stack>

      {currentMerchant ? (
        <CurrentMerchantCard merchant={currentMerchant} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">You do not work for any merchant yet.</Text>
        </Paper>
      )}

      {links.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Go to
          </Title>
          <LinkCardGrid items={links} />
        </Stack>
      )}
    </Stack>
  );
}

function describeRole(merchant: ProfileMerchant): string {
  if (merchant.role === 'custom') return merchant.custom_role?.role_name ?? 'Custom role';
  return roleDisplayName(merchant.role);
}

function CurrentMerchantCard({ merchant }: { merchant: ProfileMerchant }) {
  return (
    <Paper withBorder radius="md" p="lg" aria-label="Current merchant" component="section">
      <Group gap="lg" wrap="nowrap">
        <MerchantLogo name={merchant.name} logo={merchant.logo} size={64} />
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Current merchant
          </Text>
          <Text fw={700} fz="xl" lh={1.2}>
            {merchant.name}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {merchant.organization_name}
            </Text>
            <Badge variant="light" size="sm">
              {describeRole(merchant)}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
