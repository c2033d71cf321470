import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';

export function BrandMark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
        <IconReceipt2 size={20} />
      </ThemeIcon>
      <Text fw={700} fz="xl" lh={1}>
        Paydesk
      </Text>
    </Group>
  );
}
