import * as audit from './audit';
import * as autopay from './autopay';
import * as consentEvents from './consent-events';
import * as customerImports from './customer-imports';
import * as customers from './customers';
import * as identity from './identity';
import * as idempotency from './idempotency';
import * as integrations from './integrations';
import * as jobs from './jobs';
import * as listVersions from './list-versions';
import * as locations from './locations';
import * as mail from './mail';
import * as merchantAccounts from './merchant-accounts';
import * as messageTemplates from './message-templates';
import * as messaging from './messaging';
import * as onboarding from './onboarding';
import * as outbox from './outbox';
import * as owners from './owners';
import * as paymentCodes from './payment-codes';
import * as paymentLinks from './payment-links';
import * as payments from './payments';
import * as promises from './promises';
import * as sandboxGateway from './sandbox-gateway';
import * as scheduledPayments from './scheduled-payments';
import * as tags from './tags';

export const schema = {
  ...identity,
  ...jobs,
  ...idempotency,
  ...outbox,
  ...mail,
  ...audit,
  ...locations,
  ...merchantAccounts,
  ...tags,
  ...integrations,
  ...onboarding,
  ...owners,
  ...paymentCodes,
  ...customers,
  ...customerImports,
  ...consentEvents,
  ...listVersions,
  ...payments,
  ...messaging,
  ...autopay,
  ...promises,
  ...sandboxGateway,
  ...scheduledPayments,
  ...messageTemplates,
  ...paymentLinks,
};
