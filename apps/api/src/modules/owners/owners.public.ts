// The owners module, as other modules use it.

export { ownershipOf } from './owners.service';
