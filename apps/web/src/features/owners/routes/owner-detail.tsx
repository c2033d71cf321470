import { Anchor, Breadcrumbs, Button, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { notifySuccess } from '../../../lib/notify';
import { useMayEditOwners } from '../hooks/use-owner-access';
import { useOwner } from '../api/get-owner';
import { useDeleteOwner, useUpdateOwner } from '../api/save-owner';
import { OwnerForm } from '../components/owner-form';
import { ownerName } from './owner-list';

/** /merchants/:merchantID/owners/:ownerID: an owner, edited and removed by the merchant's administrators. */
export function OwnerDetailRoute() {
  const { merchantID = '', ownerID = '' } = useParams();
  const navigate = useNavigate();
  const owner = useOwner(merchantID, ownerID);
  const updateOwner = useUpdateOwner(merchantID, ownerID);
  const deleteOwner = useDeleteOwner(merchantID, ownerID);
  const mayEdit = useMayEditOwners(merchantID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const ownersPath = `/merchants/${merchantID}/owners`;

  if (!owner.data) {
    return (
      <QueryState
        error={owner.error}
        loadingLabel="Loading owner"
        errorTitle="The owner could not be loaded"
        notFound={{ title: 'Owner not found', text: 'They may have been removed.' }}
        back={{ to: ownersPath, label: 'Back to owners' }}
      />
    );
  }

  const name = ownerName(owner.data);
  const handleDelete = () => {
    deleteOwner.mutate(undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(`Owner ${name} removed`);
        navigate(ownersPath, { replace: true });
      },
    });
  };

  return (
    <Stack gap="lg">
      <title>{`${name} · Owners · Paydesk`}</title>
      <Breadcrumbs>
        <Anchor component={Link} to={ownersPath} size="sm">
          Owners
        </Anchor>
        <span>{name}</span>
      </Breadcrumbs>
      <Title order={1}>{name}</Title>
      <Paper withBorder p="lg">
        <OwnerForm
          key={owner.data.id}
          owner={owner.data}
          readOnly={!mayEdit}
          submitLabel="Save changes"
          onSubmit={async (input) => {
            await updateOwner.mutateAsync(input);
            notifySuccess('Owner saved');
          }}
          actions={
            <>
              <Button component={Link} to={ownersPath} variant="default">
                Back to owners
              </Button>
              {mayEdit && (
                <Button color="red" variant="light" ml="auto" onClick={confirmDelete.open}>
                  Remove owner
                </Button>
              )}
            </>
          }
        />
      </Paper>
      <ConfirmModal
        opened={confirmingDelete}
        title="Remove owner?"
        confirmLabel="Remove owner"
        loading={deleteOwner.isPending}
        error={deleteOwner.error}
        onConfirm={handleDelete}
        onClose={() => {
          deleteOwner.reset();
          confirmDelete.close();
        }}
      >
        Are you sure you would like to remove {name}?
      </ConfirmModal>
    </Stack>
  );
}
