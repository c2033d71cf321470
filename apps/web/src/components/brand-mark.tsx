import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';

/** The logo and name; `compact` keeps the name for wider screens (the logo's link still names it). */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
        <IconReceipt2 size={20} />
      </ThemeIcon>
      <Text fw={700} fz="xl" lh={1} visibleFrom={compact ? 'xs' : undefined}>
        Paydesk
      </Text>
    </Group>
  );
}
