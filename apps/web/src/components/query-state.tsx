import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';

export type QueryStateProps = {
  /** The query's error; null while it is still loading. */
  error: Error | null;
  loadingLabel: string;
  errorTitle: string;
  /** For a single object: what a 404 shows instead of the error. */
  notFound?: { title: string; text: string };
  back?: { to: string; label: string };
};

/** What a page shows in place of its data while a query loads or after it failed. */
export function QueryState({ error, loadingLabel, errorTitle, notFound, back }: QueryStateProps) {
  if (!error) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  }
  const missing = notFound && error instanceof ApiError && error.status === 404 ? notFound : null;
  return (
    <Alert color={missing ? 'gray' : 'red'} title={missing ? missing.title : errorTitle}>
      {missing ? missing.text : error.message}
      {back && (
        <>
          {' '}
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
        </>
      )}
    </Alert>
  );
}
