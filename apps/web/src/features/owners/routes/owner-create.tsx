import { Anchor, Breadcrumbs, Button, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useMayEditOwners } from '../hooks/use-owner-access';
import { useCreateOwner } from '../api/save-owner';
import { OwnerForm } from '../components/owner-form';
import { ownerName } from './owner-list';

/** /merchants/:merchantID/owners/create (the merchant's administrators). */
export function OwnerCreateRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const createOwner = useCreateOwner(merchantID);
  const mayEdit = useMayEditOwners(merchantID);
  const ownersPath = `/merchants/${merchantID}/owners`;

  return (
    <Stack gap="lg">
      <title>Add owner · Paydesk</title>
      <Breadcrumbs>
        <Anchor component={Link} to={ownersPath} size="sm">
          Owners
        </Anchor>
        <span>Add owner</span>
      </Breadcrumbs>
      <Title order={1}>Add owner</Title>
      <Paper withBorder p="lg">
        <OwnerForm
          submitLabel="Add owner"
          readOnly={!mayEdit}
          onSubmit={async (input) => {
            const owner = await createOwner.mutateAsync(input);
            notifySuccess(`Owner ${ownerName(owner)} added`);
            navigate(ownersPath);
          }}
          actions={
            <Button component={Link} to={ownersPath} variant="default">
              Cancel
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
