import * as identity from './identity';
import * as jobs from './jobs';
import * as outbox from './outbox';

export const schema = { ...identity, ...jobs, ...outbox };
