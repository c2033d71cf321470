// Every query key of the web app, and so every invalidation, comes from here (issue 17 item 8). One root per kind of
// data, the merchant next: invalidating a prefix (`queryKeys.locations.all(merchantID)`) refreshes every list,
// detail and picker under it, whichever feature shows them — a tag added in Settings appears in the customer forms'
// picker at once. A feature that reads new data adds its keys here, never a literal array in the feature.

type Params = object | undefined;

/** Keys of one merchant's collection: all of it, its pages, one item, and the pickers' choices. */
function merchantCollection<const Root extends string>(root: Root) {
  const all = (merchantID: string) => [root, merchantID] as const;
  return {
    all,
    list: (merchantID: string, params?: Params) => [...all(merchantID), 'list', params ?? {}] as const,
    item: (merchantID: string, id: string) => [...all(merchantID), 'item', id] as const,
    choices: (merchantID: string, scope = 'all') => [...all(merchantID), 'choices', scope] as const,
  };
}

const customersRoot = ['customers'] as const;
const customerOf = (merchantID: string, customerID: string) =>
  [...customersRoot, 'customer', merchantID, customerID] as const;
const integrationsOf = (merchantID: string) => ['integrations', merchantID] as const;

export const queryKeys = {
  /** The merchants list (super users and organisation admins). */
  merchants: {
    all: () => ['merchants'] as const,
    list: (params?: Params) => ['merchants', 'list', params ?? {}] as const,
  },
  /** One merchant's own record (name, flags, settings): the merchant pages and the settings screens share it. */
  merchant: (merchantID: string) => ['merchant', merchantID] as const,
  paymentCodes: () => ['available-payment-codes'] as const,

  locations: merchantCollection('merchant-locations'),
  tags: merchantCollection('merchant-tags'),
  merchantAccounts: merchantCollection('merchant-accounts'),
  owners: merchantCollection('merchant-owners'),
  users: merchantCollection('merchant-users'),
  roles: merchantCollection('merchant-roles'),
  /**
   * Message templates: lists, pickers and the editor's template; `preview` is a random_render of a draft body,
   * `customerPreview` a render of the saved template (as of `updated`) for a chosen customer and account.
   */
  messageTemplates: {
    ...merchantCollection('merchant-message-templates'),
    preview: (merchantID: string, body: string, nonce: number) =>
      ['merchant-message-templates', merchantID, 'preview', body, nonce] as const,
    customerPreview: (merchantID: string, body: string, customer: string, account: string) =>
      ['merchant-message-templates', merchantID, 'customer-preview', body, customer, account] as const,
  },

  messagingSettings: (merchantID: string) => ['messaging-settings', merchantID] as const,
  activity: {
    all: (merchantID: string) => ['merchant-activity', merchantID] as const,
    list: (merchantID: string, params?: Params) => ['merchant-activity', merchantID, 'list', params ?? {}] as const,
    actors: (merchantID: string) => ['merchant-activity', merchantID, 'actors'] as const,
  },
  onboarding: {
    summary: (merchantID: string) => ['onboarding-summary', merchantID] as const,
    businessDetails: (merchantID: string) => ['business-details', merchantID] as const,
  },

  customers: {
    /** Every customer query of every merchant (lists, recent, details). */
    all: () => customersRoot,
    lists: () => [...customersRoot, 'list'] as const,
    list: (merchantID: string | undefined, params: Params) =>
      [...customersRoot, 'list', merchantID ?? '*', params ?? {}] as const,
    recent: (merchantID: string | undefined) => [...customersRoot, 'recent', merchantID ?? '*'] as const,
    /** Everything about one customer: detail, history, notes, payment methods. */
    one: customerOf,
    detail: (merchantID: string, customerID: string) => [...customerOf(merchantID, customerID), 'detail'] as const,
    history: (merchantID: string, customerID: string, page?: number) =>
      page === undefined
        ? ([...customerOf(merchantID, customerID), 'history'] as const)
        : ([...customerOf(merchantID, customerID), 'history', page] as const),
    notes: (merchantID: string, customerID: string) => [...customerOf(merchantID, customerID), 'notes'] as const,
    paymentMethods: (merchantID: string, customerID: string) =>
      [...customerOf(merchantID, customerID), 'payment-methods'] as const,
  },
  /** A merchant's payments: one payment (with its receipt), an account's transactions and scheduled payments. */
  payments: {
    all: (merchantID: string) => ['payments', merchantID] as const,
    one: (merchantID: string, paymentID: string) => ['payments', merchantID, 'payment', paymentID] as const,
    accountTransactions: (merchantID: string, accountID: string, page?: number) =>
      page === undefined
        ? (['payments', merchantID, 'account', accountID] as const)
        : (['payments', merchantID, 'account', accountID, page] as const),
    /** The account's newest payment, beside the inbox's chat (under the account's key, so a payment refreshes it). */
    lastPayment: (merchantID: string, accountID: string) =>
      ['payments', merchantID, 'account', accountID, 'last-payment'] as const,
    /** The transaction search (issue 18 item 10): one page for its filters, order and size. */
    search: (merchantID: string, params?: Params) => ['payments', merchantID, 'search', params ?? {}] as const,
    failed: (merchantID: string, page?: number) =>
      page === undefined
        ? (['payments', merchantID, 'failed'] as const)
        : (['payments', merchantID, 'failed', page] as const),
    achReturns: (merchantID: string, page?: number, code?: string) =>
      page === undefined
        ? (['payments', merchantID, 'ach-returns'] as const)
        : (['payments', merchantID, 'ach-returns', page, code ?? ''] as const),
    achReturnRates: (merchantID: string) => ['payments', merchantID, 'ach-returns', 'rates'] as const,
    /** A card BIN's brand and funding (the entry's lookup while typing). */
    bin: (merchantID: string, bin: string) => ['payments', merchantID, 'bin', bin] as const,
    scheduled: (merchantID: string, accountID: string, page?: number) =>
      page === undefined
        ? (['payments', merchantID, 'scheduled', accountID] as const)
        : (['payments', merchantID, 'scheduled', accountID, page] as const),
    autopay: (merchantID: string, accountID: string) => ['payments', merchantID, 'autopay', accountID] as const,
  },
  /** Promises to pay: an account's upcoming ones, and the merchant's follow-up list with its filters. */
  promises: {
    all: (merchantID: string) => ['promises', merchantID] as const,
    account: (merchantID: string, accountID: string) => ['promises', merchantID, 'account', accountID] as const,
    list: (merchantID: string, filters?: { page: number; outcome: string | null }) =>
      filters === undefined
        ? (['promises', merchantID, 'list'] as const)
        : (['promises', merchantID, 'list', filters] as const),
  },
  /** The dashboard's message queues: customers' unread replies and missed texts, by page. */
  messageQueues: {
    all: (merchantID: string) => ['message-queues', merchantID] as const,
    replies: (merchantID: string, page?: number) =>
      page === undefined
        ? (['message-queues', merchantID, 'replies'] as const)
        : (['message-queues', merchantID, 'replies', page] as const),
    missed: (merchantID: string, page?: number) =>
      page === undefined
        ? (['message-queues', merchantID, 'missed'] as const)
        : (['message-queues', merchantID, 'missed', page] as const),
  },
  customerImports: {
    mapping: (merchantID: string) => ['customer-import-mapping', merchantID] as const,
    one: (merchantID: string, importID: string | null) => ['customer-import', merchantID, importID] as const,
  },

  integrations: {
    all: integrationsOf,
    connections: (merchantID: string) => [...integrationsOf(merchantID), 'connections'] as const,
    deviceSettings: (merchantID: string, provider: string) =>
      [...integrationsOf(merchantID), provider, 'settings'] as const,
    deviceFailedActions: (merchantID: string, provider: string) =>
      [...integrationsOf(merchantID), provider, 'failed-actions'] as const,
    failedActions: (merchantID: string, page: number) =>
      [...integrationsOf(merchantID), 'failed-actions', page] as const,
    freshbooksConnect: (code: string, state: string) => ['freshbooks-connect', code, state] as const,
  },

  /** Links from emails: each answers once per link. */
  links: {
    partnerInvite: (id: string, token: string) => ['partner-invite', id, token] as const,
    partnerSignup: (id: string, token: string) => ['partner-signup', id, token] as const,
    passwordReset: (id: string, token: string) => ['password-reset-link', id, token] as const,
  },
  outbox: () => ['outbox'] as const,

  /**
   * The live inbox (issue 21): the conversation list (per search and location), a customer's conversation, the
   * compose picker's customer accounts, the templates a user without free typing may send (rendered for a customer
   * and account), and a chat attachment read with the user's token.
   */
  inbox: {
    all: (merchantID: string) => ['inbox', merchantID] as const,
    lists: (merchantID: string) => ['inbox', merchantID, 'list'] as const,
    list: (merchantID: string, params: Params) => ['inbox', merchantID, 'list', params ?? {}] as const,
    thread: (merchantID: string, customerID: string) => ['inbox', merchantID, 'thread', customerID] as const,
    /** The conversation's entry (its review flag), under the thread's key: reading the thread again reads it too. */
    entry: (merchantID: string, customerID: string) => ['inbox', merchantID, 'thread', customerID, 'entry'] as const,
    customerAccounts: (merchantID: string, search: string) =>
      ['inbox', merchantID, 'customer-accounts', search] as const,
    templates: (merchantID: string, customerID: string, accountID: string) =>
      ['inbox', merchantID, 'templates', customerID, accountID] as const,
    media: (url: string) => ['inbox-media', url] as const,
  },
};
