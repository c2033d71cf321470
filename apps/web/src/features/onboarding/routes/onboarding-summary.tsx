import { Anchor, Badge, Breadcrumbs, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { OnboardingCheck, OnboardingCheckKey } from '@paydesk/domain/onboarding/onboarding.contract';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { notifySuccess } from '../../../lib/notify';
import { useBusinessDetails, useSaveBusinessDetails } from '../api/business-details';
import { useOnboardingSummary } from '../api/get-onboarding-summary';
import { BusinessDetailsForm } from '../components/business-details-form';
import { useMayEditOnboarding } from '../hooks/use-onboarding-access';

export const BUSINESS_DETAILS_ANCHOR = 'business-details';

/** Where each check is fixed, and what the link says. */
function fixLink(key: OnboardingCheckKey, merchantID: string): { to: string; label: string } {
  switch (key) {
    case 'business_details':
      return { to: `#${BUSINESS_DETAILS_ANCHOR}`, label: 'Fill in the business details' };
    case 'owners':
      return { to: `/merchants/${merchantID}/owners`, label: 'Manage owners' };
    case 'locations':
      return { to: `/merchants/${merchantID}/locations`, label: 'Add a location' };
    case 'merchant_accounts':
      return { to: `/merchants/${merchantID}/merchant-accounts`, label: 'Add a merchant account' };
  }
}

export function stepsLeftText(stepsLeft: number): string {
  return stepsLeft === 0 ? 'Ready to go live' : `${stepsLeft} ${stepsLeft === 1 ? 'step' : 'steps'} left`;
}

function CheckItem({ check, merchantID }: { check: OnboardingCheck; merchantID: string }) {
  const link = fixLink(check.key, merchantID);
  return (
    <List.Item
      data-testid={`check-${check.key}`}
      icon={
        <ThemeIcon
          color={check.complete ? 'teal' : 'gray'}
          variant={check.complete ? 'filled' : 'light'}
          radius="xl"
          size={24}
        >
          {check.complete ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
        </ThemeIcon>
      }
    >
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{check.label}</Text>
          <Badge color={check.complete ? 'teal' : 'yellow'} variant="light">
            {check.complete ? 'Complete' : 'Missing'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {check.detail}
        </Text>
        {!check.complete &&
          (link.to.startsWith('#') ? (
            <Anchor href={link.to} size="sm">
              {link.label}
            </Anchor>
          ) : (
            <Anchor component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
      </Stack>
    </List.Item>
  );
}

/** /onboarding/:merchantID/summary: what the merchant still needs to go live, and its business details form. */
export function OnboardingSummaryRoute() {
  const { merchantID = '' } = useParams();
  const summary = useOnboardingSummary(merchantID);
  const details = useBusinessDetails(merchantID);
  const saveDetails = useSaveBusinessDetails(merchantID);
  const mayEdit = useMayEditOnboarding(merchantID);

  return (
    <Stack gap="lg">
      <title>Onboarding · Paydesk</title>
      <Breadcrumbs>
        <Anchor component={Link} to={`/merchants/${merchantID}`} size="sm">
          Merchant
        </Anchor>
        <span>Onboarding</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Onboarding</Title>
        <Button component={Link} to={`/merchants/${merchantID}/owners`} variant="default">
          Owners
        </Button>
      </Group>

      <Paper withBorder p="lg">
        {!summary.isSuccess ? (
          <QueryState
            error={summary.error}
            loadingLabel="Loading the onboarding summary"
            errorTitle="The onboarding summary could not be loaded"
            notFound={{ title: 'Merchant not found', text: 'It may have been deleted.' }}
          />
        ) : (
          <Stack gap="md">
            <Group gap="sm" aria-live="polite">
              <Badge
                size="lg"
                variant="light"
                color={summary.data.ready ? 'teal' : 'yellow'}
                data-testid="onboarding-state"
              >
                {stepsLeftText(summary.data.steps_left)}
              </Badge>
            </Group>
            <List spacing="md" center={false} listStyleType="none" aria-label="Onboarding checklist">
              {summary.data.checks.map((check) => (
                <CheckItem key={check.key} check={check} merchantID={merchantID} />
              ))}
            </List>
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="lg" id={BUSINESS_DETAILS_ANCHOR}>
        <Title order={2} size="h4" mb="md">
          Business details
        </Title>
        {!details.isSuccess ? (
          <QueryState
            error={details.error}
            loadingLabel="Loading business details"
            errorTitle="The business details could not be loaded"
          />
        ) : (
          <BusinessDetailsForm
            key={details.data.updated ?? 'blank'}
            details={details.data}
            readOnly={!mayEdit}
            onSubmit={async (input) => {
              await saveDetails.mutateAsync(input);
              notifySuccess('Business details saved');
            }}
          />
        )}
      </Paper>
    </Stack>
  );
}
