import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card-grid.module.css';

export type LinkCardItem = { to: string; label: string; description: string; icon: ReactNode };

/** Cards that each open a screen: an icon, the screen's name and one line about it. */
export function LinkCardGrid({ items }: { items: readonly LinkCardItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {items.map((item) => (
        <Card
          key={item.to}
          component={Link}
          to={item.to}
          withBorder
          radius="md"
          padding="lg"
          aria-label={item.label}
          className={classes.card}
          style={{ textDecoration: 'none' }}
        >
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              {item.icon}
            </ThemeIcon>
            <div style={{ flex: 1 }}>
              <Text fw={600}>{item.label}</Text>
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            </div>
            <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
