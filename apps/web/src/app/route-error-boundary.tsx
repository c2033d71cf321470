import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_ERROR_MESSAGE } from '@paydesk/domain/errors/default-message';
import { useRouteError } from 'react-router';
import { isProductionBuild } from '../lib/env';
import { ChunkLoadError } from '../lib/import-with-timeout';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={2}>{chunkFailed ? 'This page could not be loaded' : DEFAULT_ERROR_MESSAGE}</Title>
        <Text c="dimmed">
          {chunkFailed ? 'Check your connection, then reload the page to try again.' : 'Reload the page to try again.'}
        </Text>
        {!isProductionBuild() && error instanceof Error && !chunkFailed && <Code block>{error.message}</Code>}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
