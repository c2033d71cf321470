import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate } from '@paydesk/domain/format/date';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteMerchant } from '../api/delete-merchant';
import { useMerchant } from '../api/get-merchant';
import { MerchantEditForm } from '../components/merchant-edit-form';
import { MerchantFlagBadges } from '../components/merchant-flag-badges';
import { MerchantLogo } from '../components/merchant-logo';
import { MerchantQueryState } from '../components/merchant-query-state';
import { useViewer } from '../hooks/use-viewer';

/** /merchants/:merchantID: the merchant, its edit form (super_admin, admin) and, for super users, Delete. */
export function MerchantDetailRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const merchant = useMerchant(merchantID);
  const deleteMerchant = useDeleteMerchant(merchantID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);

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
      <Breadcrumbs>
        <Anchor component={Link} to="/merchants" size="sm">
          Merchants
        </Anchor>
        <span>{merchant.data?.name ?? 'Merchant'}</span>
      </Breadcrumbs>

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
                  {merchant.data.organization_name} · Created {formatDate(merchant.data.created)}
                </Text>
                <MerchantFlagBadges merchant={merchant.data} withEmptyDash={false} />
              </Stack>
            </Group>
            <Group gap="sm">
              <Button
                component={Link}
                to={`/merchants/${merchantID}/settings`}
                variant="default"
                leftSection={<IconSettings size={16} />}
              >
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
            <Title order={2} size="h4" mb="md">
              Details
            </Title>
            <MerchantEditForm merchant={merchant.data} readOnly={!viewer.canEditMerchant(merchantID)} />
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
