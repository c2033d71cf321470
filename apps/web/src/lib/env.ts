/**
 * Whether this is a production build. Production hides server error details from users (SPEC §8); every such
 * decision asks this one function, so a runtime flag from the server can be added here later.
 */
export function isProductionBuild(): boolean {
  return import.meta.env.PROD;
}
