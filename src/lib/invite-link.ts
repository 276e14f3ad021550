/** The register page reads `?invite=` (query parameters become cookies at start-up). */
export function inviteLinkFor(origin: string, code: string): string {
  return `${origin}/register?invite=${encodeURIComponent(code)}`;
}
