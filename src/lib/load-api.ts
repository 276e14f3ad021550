/**
 * The API layer (axios, jsencrypt, zod schemas) arrives as its own chunk: pages paint first and
 * `warmApi()` starts the download right after, in parallel with anything else the page needs.
 */
export const loadApi = () => import('./api-client');

export function warmApi(): void {
  void loadApi().then((api) => api.prepareSigning());
}
