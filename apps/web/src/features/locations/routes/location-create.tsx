import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useCreateLocation } from '../api/locations';
import { LocationForm } from '../components/location-form';

/** /locations/create: a new location of the merchant it was opened for (see useRouteMerchantId; super_admin, admin). */
export function LocationCreateRoute() {
  const merchantID = useRouteMerchantId();
  const navigate = useNavigate();
  const createLocation = useCreateLocation(merchantID);
  const listPath = `/merchants/${merchantID}/locations`;

  return (
    <Stack gap="lg">
      <title>Create location · Paydesk</title>
      <div>
        <Title order={1}>Create location</Title>
        <Text c="dimmed" size="sm">
          A place of business; merchant accounts and customers belong to one.
        </Text>
      </div>
      <Paper withBorder p="lg">
        <LocationForm
          submitLabel="Create location"
          onSubmit={async (input) => {
            const location = await createLocation.mutateAsync(input);
            notifySuccess(`Location ${location.name} created`);
            navigate(listPath);
          }}
          actions={
            <Button component={Link} to={listPath} variant="default">
              Cancel
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
