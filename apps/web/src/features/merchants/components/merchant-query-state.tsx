import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';

/** What a merchant page shows while its merchant loads or when it cannot be loaded. */
export function MerchantQueryState({ error }: { error: Error | null }) {
  if (!error) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading merchant" />
      </Group>
    );
  }
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      color={notFound ? 'gray' : 'red'}
      title={notFound ? 'Merchant not found' : 'The merchant could not be loaded'}
    >
      {notFound ? 'It may have been deleted, or you may not have access to it.' : error.message}{' '}
      <Anchor component={Link} to="/merchants" size="sm">
        Back to merchants
      </Anchor>
    </Alert>
  );
}
