import { Alert, Anchor, Button, Group, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

/** An answer that will not change when asked again (a 4xx: missing, refused, invalid). */
function isFinal(error: Error): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Asks again for every read of the screen that failed (the failed queries still on screen), so one button serves
 * whichever query this state stands for.
 */
function RetryButton() {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Button size="compact-sm" variant="light" color="red" mt="sm" loading={retrying} onClick={() => void retry()}>
      Retry
    </Button>
  );
}

/** What a page shows in place of its data while a query loads or after it failed (with Retry when it may help). */
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
      {!missing && !isFinal(error) && (
        <div>
          <RetryButton />
        </div>
      )}
    </Alert>
  );
}
