import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}
