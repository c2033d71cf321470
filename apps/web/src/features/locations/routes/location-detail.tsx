import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useDeleteLocation, useLocation, useUpdateLocation } from '../api/locations';
import { LocationForm } from '../components/location-form';

/** /locations/:locationID: a location of the current merchant; administrators edit or delete it. */
export function LocationDetailRoute() {
  const merchantID = useRouteMerchantId();
  const { locationID = '' } = useParams();
  const navigate = useNavigate();
  const mayEdit = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings);
  const location = useLocation(merchantID, locationID);
  const updateLocation = useUpdateLocation(merchantID, locationID);
  const deleteLocation = useDeleteLocation(merchantID, locationID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const listPath = `/merchants/${merchantID}/locations`;

  if (!location.data) {
    return (
      <QueryState
        error={location.error}
        loadingLabel="Loading location"
        errorTitle="The location could not be loaded"
        notFound={{ title: 'Location not found', text: 'It may have been deleted.' }}
        back={{ to: listPath, label: 'Back to locations' }}
      />
    );
  }

  const name = location.data.name;
  const closeDelete = () => {
    deleteLocation.reset();
    confirmDelete.close();
  };
  const handleDelete = () =>
    deleteLocation.mutate(undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(`Location ${name} deleted`);
        navigate(listPath, { replace: true });
      },
    });

  return (
    <Stack gap="lg">
      <title>{`${name} · Locations · Paydesk`}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{name}</Title>
          <Text c="dimmed" size="sm">
            {mayEdit ? 'Change the location’s details.' : 'Only administrators may change locations.'}
          </Text>
        </div>
        <Button
          component={Link}
          to={`/merchants/${merchantID}/locations/${locationID}/merchant-accounts`}
          variant="light"
        >
          Merchant accounts
        </Button>
      </Group>
      <Paper withBorder p="lg">
        <LocationForm
          key={location.data.id}
          location={location.data}
          readOnly={!mayEdit}
          submitLabel="Save changes"
          onSubmit={async (input) => {
            await updateLocation.mutateAsync(input);
            notifySuccess('Location saved');
          }}
          actions={
            <>
              <Button component={Link} to={listPath} variant="default">
                Back to locations
              </Button>
              {mayEdit && (
                <Button color="red" variant="light" ml="auto" onClick={confirmDelete.open}>
                  Delete location
                </Button>
              )}
            </>
          }
        />
      </Paper>
      <ConfirmModal
        opened={confirmingDelete}
        title="Delete location?"
        confirmLabel="Delete location"
        loading={deleteLocation.isPending}
        error={deleteLocation.error}
        onConfirm={handleDelete}
        onClose={closeDelete}
      >
        Are you sure you would like to delete the location {name}?
      </ConfirmModal>
    </Stack>
  );
}
