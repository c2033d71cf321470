import { QueryState } from '../../../components/query-state';

/** What a merchant page shows while its merchant loads or when it cannot be loaded. */
export function MerchantQueryState({ error }: { error: Error | null }) {
  return (
    <QueryState
      error={error}
      loadingLabel="Loading merchant"
      errorTitle="The merchant could not be loaded"
      notFound={{ title: 'Merchant not found', text: 'It may have been deleted, or you may not have access to it.' }}
      back={{ to: '/merchants', label: 'Back to merchants' }}
    />
  );
}
