/// <reference types="vite/client" />

// Declaration merging with Vite's ImportMetaEnv needs an interface here.
// eslint-disable-next-line no-restricted-syntax -- only an interface merges with Vite's own declaration
interface ImportMetaEnv {
  /** Where the API lives; `/api` (same origin) when unset. */
  readonly VITE_API_BASE?: string;
}
