import { Box, Center } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandMark } from '../../components/brand-mark';

/** Layout of the public screens (login, password reset, 404): the brand and the page, no navigation bar. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" bg="gray.0" display="flex" style={{ flexDirection: 'column' }}>
      <Box component="header" px="xl" py="lg">
        <BrandMark />
      </Box>
      <Center component="main" flex={1} px="md" pb={96}>
        <Outlet />
      </Center>
    </Box>
  );
}
