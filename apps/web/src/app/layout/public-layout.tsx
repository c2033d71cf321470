import { Box, Center } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { loadPublicRoutes } from '../route-tables';

/** Layout of the public screens (login, password reset, 404): the brand and the page, no navigation bar. */
export function PublicLayout() {
  // Once a public screen has shown, the other public screens' routes load, so that its links (Forgot password?) do not
  // wait for them. A failure here is met again, and shown, by the navigation that needs them.
  useEffect(() => {
    loadPublicRoutes().catch(() => {});
  }, []);
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
