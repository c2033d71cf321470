// The roles module, as other modules use it.

export { findCustomRole } from './roles.service';
