import * as identity from './identity';
import * as outbox from './outbox';

export const schema = { ...identity, ...outbox };
