import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { OptInConfirmModal } from '../../../components/opt-in-confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReviewOptOutFlag } from '../api/conversations';

type OptOutReviewBannerProps = {
  merchantID: string;
  customerID: string;
  customerName: string;
  /** The flagged replies' words, oldest first (those loaded in the pane; none when they are further back). */
  flaggedWords: readonly string[];
  /** Whether the user may edit customers (the review changes consent): without it the banner only tells. */
  mayReview: boolean;
};

const SMS_OFF = [{ channel: 'sms', optedIn: false }] as const;

/**
 * A customer's reply that reads like an opt-out in other words ("stop texting me") waits for a person: "Opt out of
 * texts" asks the SPEC §6 affirmation the opt-in toggles ask (I'm Sure) and opts the customer out; "Not an opt-out"
 * leaves consent as it is. Either clears the flag.
 */
export function OptOutReviewBanner({
  merchantID,
  customerID,
  customerName,
  flaggedWords,
  mayReview,
}: OptOutReviewBannerProps) {
  const review = useReviewOptOutFlag(merchantID, customerID);
  const [confirming, setConfirming] = useState(false);
  const name = customerName || 'The customer';

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This reply may be an opt-out request"
      role="region"
    >
      <Stack gap="xs">
        {flaggedWords.length > 0 && (
          <Stack gap={2}>
            {flaggedWords.map((words, index) => (
              <Text key={index} size="sm" component="blockquote" m={0} fs="italic">
                &ldquo;{words}&rdquo;
              </Text>
            ))}
          </Stack>
        )}
        <Text size="sm">
          {mayReview
            ? `Opt ${name} out of texts if that is what they asked, or mark the reply as not an opt-out.`
            : 'A user who may edit customers can opt them out of texts or mark the reply as not an opt-out.'}
        </Text>
        {mayReview && (
          <Group gap="xs">
            <Button size="xs" color="red" onClick={() => setConfirming(true)} disabled={review.isPending}>
              Opt out of texts
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={review.isPending && review.variables === 'dismiss'}
              disabled={review.isPending}
              onClick={() =>
                review.mutate('dismiss', {
                  onSuccess: () => notifySuccess('Marked as not an opt-out'),
                  onError: (error) => notifyError(error),
                })
              }
            >
              Not an opt-out
            </Button>
          </Group>
        )}
      </Stack>
      <OptInConfirmModal
        changes={confirming ? SMS_OFF : []}
        customerName={name}
        loading={review.isPending && review.variables === 'confirm'}
        error={review.variables === 'confirm' ? review.error : null}
        onConfirm={() =>
          review.mutate('confirm', {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(`${name} opted out of texts`);
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          review.reset();
        }}
      />
    </Alert>
  );
}
