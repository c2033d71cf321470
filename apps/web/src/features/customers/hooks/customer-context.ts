import type { Customer } from '@paydesk/domain/customers/customers.contract';
import { useOutletContext } from 'react-router';
import type { useCustomerAccess } from './use-customer-access';

/** What the customer page gives each of its views (tabs, or sections of the full view). */
export type CustomerContext = {
  merchantID: string;
  customer: Customer;
  access: ReturnType<typeof useCustomerAccess>;
};

/** The view's customer: passed in by the full view, else from the customer page's outlet. */
export function useCustomerContext(passed?: CustomerContext): CustomerContext {
  const outlet = useOutletContext<CustomerContext | undefined>();
  const context = passed ?? outlet;
  if (!context) throw new Error('A customer view outside the customer page');
  return context;
}
