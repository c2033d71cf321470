import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RETURN_RATE_RULES } from '@paydesk/domain/payments/ach-returns';
import type { AchReturnRates } from '@paydesk/domain/payments/ach-returns.contract';
import { QueryState } from '../../../components/query-state';

/** A fraction as a percent with up to two decimals: 0.005 → 0.5%. */
export function formatRate(fraction: number): string {
  return `${Number((fraction * 100).toFixed(2))}%`;
}

/** The merchant's return rates over the window, each against Nacha's threshold. */
export function ReturnRatesPanel({ rates, error }: { rates: AchReturnRates | undefined; error: Error | null }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="return-rates-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="return-rates-title">
            Return rates
          </Title>
          <Text size="sm" c="dimmed">
            {rates
              ? `Last ${rates.window_days} days: returns over ${rates.debits} bank ${rates.debits === 1 ? 'debit' : 'debits'}, against Nacha’s thresholds.`
              : ' '}
          </Text>
        </div>
        {!rates ? (
          <QueryState error={error} loadingLabel="Loading return rates" errorTitle="Return rates could not be loaded" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {rates.rates.map((rate) => (
              <Stack key={rate.kind} gap={2} aria-label={`${RETURN_RATE_RULES[rate.kind].label} return rate`}>
                <Text size="sm" fw={500}>
                  {RETURN_RATE_RULES[rate.kind].label}
                </Text>
                <Group gap="xs">
                  <Text size="xl" fw={700}>
                    {formatRate(rate.rate)}
                  </Text>
                  <Badge color={rate.over_threshold ? 'red' : 'green'} variant="light">
                    {rate.over_threshold ? 'Over threshold' : 'Within threshold'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {`${rate.returns} ${rate.returns === 1 ? 'return' : 'returns'} · threshold ${formatRate(rate.threshold)}`}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
