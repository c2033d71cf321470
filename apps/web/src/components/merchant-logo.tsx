import { Avatar, type MantineSize } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';

type MerchantLogoProps = { name: string; logo: string | null | undefined; size?: MantineSize | number };

/** A merchant's logo, or the default logo when it has none (SPEC §3). */
export function MerchantLogo({ name, logo, size = 'md' }: MerchantLogoProps) {
  return (
    <Avatar src={logo || null} alt={`${name} logo`} size={size} radius="md" color="indigo" variant="light">
      <IconBuildingStore size="60%" aria-label={`${name} logo`} />
    </Avatar>
  );
}
