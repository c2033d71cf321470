import { ActionIcon, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { STATE_SEND_WINDOWS, formatMinuteOfDay } from '@paydesk/domain/messaging/quiet-hours';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { stateName } from '@paydesk/domain/locations/regions';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useMerchant } from '../../../lib/merchant-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useViewer } from '../../../lib/use-viewer';
import { useMessagingSettings, useRemoveSendingNumber, useSaveMessagingSettings } from '../api/messaging-settings';
import { AddSendingNumberForm, TwilioAccountForm } from '../components/messaging-account-forms';
import { MessagingSettingsForm } from '../components/messaging-settings-form';

const STATE_RULES = Object.entries(STATE_SEND_WINDOWS).sort(([a], [b]) => a.localeCompare(b));

/**
 * /merchants/:merchantID/settings/messaging (administrators): the sending window, the opt-out line and the HELP
 * contact; the states' own windows (configuration) and the merchant's sending numbers, read-only. Super users also
 * set the merchant's own Twilio account and add or remove its numbers.
 */
export function SettingsMessagingRoute() {
  const { merchantID = '' } = useParams();
  const settings = useMessagingSettings(merchantID);
  const merchant = useMerchant(merchantID, { onlyIfOpenable: true });
  const save = useSaveMessagingSettings(merchantID);
  const remove = useRemoveSendingNumber(merchantID);
  const { isSuperUser } = useViewer();

  if (!settings.data || !merchant.data) {
    return (
      <QueryState
        error={settings.error ?? merchant.error}
        loadingLabel="Loading messaging settings"
        errorTitle="The messaging settings could not be loaded"
      />
    );
  }
  const { data } = settings;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <MessagingSettingsForm
          // A fresh form once the saved values change (e.g. saved in another tab).
          key={JSON.stringify([data.help_contact, data.opt_out_line, data.window_start_minute, data.window_end_minute])}
          merchantName={merchant.data.name}
          settings={data}
          onSave={(body) => save.mutateAsync(body)}
        />
      </Paper>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          States with their own hours
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Customers in these states get texts only inside their state’s window as well (set in configuration).
        </Text>
        <Table maw={480} aria-label="States with their own hours">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State</Table.Th>
              <Table.Th>Window</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {STATE_RULES.map(([state, window]) => (
              <Table.Tr key={state}>
                <Table.Td>{stateName(state)}</Table.Td>
                <Table.Td>{`${formatMinuteOfDay(window.start)}–${formatMinuteOfDay(window.end)}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          Sending numbers
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {data.twilio
            ? `Texts go through the merchant’s own Twilio account (${data.twilio.account_sid}).`
            : 'Texts go through the platform’s messaging account.'}{' '}
          A customer is texted from their location’s number, else the merchant’s first.
        </Text>
        {data.sending_numbers.length === 0 ? (
          <Text size="sm">No sending numbers yet: texts cannot be sent. Ask your Paydesk contact for one.</Text>
        ) : (
          <Table maw={480} aria-label="Sending numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Location</Table.Th>
                {isSuperUser && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sending_numbers.map((number) => (
                <Table.Tr key={number.id}>
                  <Table.Td>{formatPhoneNumber(number.phone_number)}</Table.Td>
                  <Table.Td>{number.location?.name ?? 'All locations'}</Table.Td>
                  {isSuperUser && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${formatPhoneNumber(number.phone_number)}`}
                        loading={remove.isPending && remove.variables === number.id}
                        onClick={() =>
                          remove.mutate(number.id, {
                            onSuccess: () => notifySuccess('Sending number removed'),
                            onError: (error) => notifyError(error),
                          })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {isSuperUser && (
          <Stack gap="lg" mt="lg">
            <AddSendingNumberForm merchantID={merchantID} />
            <div>
              <Title order={3} size="h5" mb="xs">
                Twilio account
              </Title>
              <TwilioAccountForm
                key={`${data.twilio?.account_sid ?? ''}:${String(data.twilio?.has_auth_token ?? false)}`}
                merchantID={merchantID}
                settings={data}
              />
            </div>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
