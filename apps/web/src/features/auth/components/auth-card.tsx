import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; description?: ReactNode; children: ReactNode };

/** The card every public sign-in screen sits in: a heading, a short line of help, the form. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
      <title>{`${title} · Paydesk`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
