import { devEndpoints } from '@paydesk/domain/dev/dev.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /dev/outbox/: what the local providers captured, newest first (super users, while no SMTP is configured). */
export function getOutbox() {
  return api.call(devEndpoints.outbox, {});
}

export function useOutbox() {
  return useQuery(queryOptions({ queryKey: queryKeys.outbox(), queryFn: () => getOutbox() }));
}
