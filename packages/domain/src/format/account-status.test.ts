import { describe, expect, it } from 'vitest';
import { accountStatusDisplay } from './account-status';

describe('accountStatusDisplay', () => {
  it('colours the spec statuses', () => {
    expect(accountStatusDisplay('Active')).toEqual({ label: 'Active', color: 'green' });
    expect(accountStatusDisplay('Pending')).toEqual({ label: 'Pending', color: 'yellow' });
    expect(accountStatusDisplay('Closed')).toEqual({ label: 'Closed', color: 'gray' });
    expect(accountStatusDisplay('Inactive')).toEqual({ label: 'Inactive', color: 'gray' });
  });

  it('ignores case and mutes unknown statuses', () => {
    expect(accountStatusDisplay('ACTIVE')).toEqual({ label: 'Active', color: 'green' });
    expect(accountStatusDisplay('do_not_contact')).toEqual({ label: 'Do Not Contact', color: 'gray' });
  });
});
