import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate } from '@paydesk/domain/format/date';
import { IconChecklist, IconSettings, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteMerchant } from '../api/delete-merchant';
import { useMerchant } from '../../../lib/merchant-query';
import { MerchantFlagBadges } from '../components/merchant-flag-badges';
import { MerchantLogo } from '../../../components/merchant-logo';
import { MerchantQueryState } from '../components/merchant-query-state';
import { useViewer } from '../../../lib/use-viewer';
import { MERCHANT_FLAG_DESCRIPTIONS, MERCHANT_FLAG_LABELS, MERCHANT_FLAGS } from '../types';

/**
 * /merchants/:merchantID: the merchant (logo, name, organisation, flags), read-only, and for super users Delete. Its
 * settings are edited in one place, Settings › General, which this page links to.
 */
export function MerchantDetailRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const merchant = useMerchant(merchantID);
  const deleteMerchant = useDeleteMerchant(merchantID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const settingsPath = `/merchants/${merchantID}/settings`;
  const canEdit = viewer.canEditMerchant(merchantID);

  const handleDelete = () => {
    const name = merchant.data?.name;
    deleteMerchant.mutate(undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(name ? `Merchant ${name} deleted` : 'Merchant deleted');
        void viewer.reloadProfile().catch(() => {});
        navigate('/merchants', { replace: true });
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <Stack gap="lg">
      <title>{`${merchant.data?.name ?? 'Merchant'} · Paydesk`}</title>
      {/* A merchant that cannot be shown gets the not-found state alone, without a placeholder breadcrumb. */}
      {merchant.data && (
        <Breadcrumbs>
          <Anchor component={Link} to="/merchants" size="sm">
            Merchants
          </Anchor>
          <span>{merchant.data.name}</span>
        </Breadcrumbs>
      )}

      {!merchant.data ? (
        <MerchantQueryState error={merchant.error} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Group gap="md" wrap="nowrap">
              <MerchantLogo name={merchant.data.name} logo={merchant.data.logo} size={56} />
              <Stack gap={4}>
                <Title order={1}>{merchant.data.name}</Title>
                <Text c="dimmed" size="sm">
                  {merchant.data.organization_name} · Created{' '}
                  {formatDate(merchant.data.created, { timeZone: merchant.data.timezone })}
                </Text>
                <MerchantFlagBadges merchant={merchant.data} withEmptyDash={false} />
              </Stack>
            </Group>
            <Group gap="sm">
              {viewer.canAdministerOnboarding(merchantID) && (
                <>
                  <Button
                    component={Link}
                    to={`/onboarding/${merchantID}/summary`}
                    variant="default"
                    leftSection={<IconChecklist size={16} />}
                  >
                    Onboarding
                  </Button>
                  <Button
                    component={Link}
                    to={`/merchants/${merchantID}/owners`}
                    variant="default"
                    leftSection={<IconUsersGroup size={16} />}
                  >
                    Owners
                  </Button>
                </>
              )}
              <Button component={Link} to={settingsPath} variant="default" leftSection={<IconSettings size={16} />}>
                Settings
              </Button>
              {viewer.isSuperUser && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmDelete.open}>
                  Delete
                </Button>
              )}
            </Group>
          </Group>

          <Paper withBorder p="lg">
            <Group justify="space-between" align="flex-start" mb="md">
              <Title order={2} size="h4">
                Details
              </Title>
              {/* Named so as not to be one more "Settings" link beside the Settings button. */}
              {canEdit && (
                <Button component={Link} to={settingsPath} variant="light" size="xs" title="Edit in Settings › General">
                  Edit details
                </Button>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  Logo URL
                </Text>
                <Text size="sm" c={merchant.data.logo ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {merchant.data.logo ?? 'None (the default logo is shown)'}
                </Text>
              </Stack>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  Payment code
                </Text>
                <Text
                  size="sm"
                  c={merchant.data.upc ? undefined : 'dimmed'}
                  ff={merchant.data.upc ? 'monospace' : undefined}
                >
                  {merchant.data.upc ?? 'None'}
                </Text>
              </Stack>
              {MERCHANT_FLAGS.map((flag) => (
                <Stack key={flag} gap={2}>
                  <Text size="sm" fw={600}>
                    {MERCHANT_FLAG_LABELS[flag]}: {merchant.data[flag] ? 'On' : 'Off'}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {MERCHANT_FLAG_DESCRIPTIONS[flag]}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Paper>

          <ConfirmModal
            opened={confirmingDelete}
            title="Delete merchant?"
            confirmLabel="Delete merchant"
            loading={deleteMerchant.isPending}
            onConfirm={handleDelete}
            onClose={confirmDelete.close}
          >
            Are you sure you would like to delete {merchant.data.name}? Its users, roles and settings are removed too.
            This cannot be undone.
          </ConfirmModal>
        </>
      )}
    </Stack>
  );
}
