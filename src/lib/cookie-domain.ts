/**
 * The parent domain for shared cookies (SPEC §9: set for the parent domain), so that `www.` and the
 * apex, or `app.` and `account.`, see the same token and tracking parameters. Localhost and IP
 * addresses get no domain attribute: browsers reject a domain cookie there.
 */
export function cookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.')) return undefined;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[')) {
    return undefined;
  }
  const labels = host.split('.');
  if (labels.length <= 2) return `.${host}`;
  // Two-label public suffixes such as example.com.cn or example.co.uk keep three labels.
  const secondLevel = labels[labels.length - 2] ?? '';
  const keep = /^(com|net|org|gov|edu|co|ac)$/.test(secondLevel) && labels.length >= 3 ? 3 : 2;
  return `.${labels.slice(-keep).join('.')}`;
}
