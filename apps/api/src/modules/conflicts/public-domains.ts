import { createRequire } from 'node:module';

/*
 * Public mail providers (gmail.com, outlook.com, 163.com…): sharing one of their domains says nothing about a shared
 * institution, so the same-domain conflict rule skips them. The list is the maintained `email-providers` package
 * (its all.json, about 8,800 domains); the domains reserved for documentation and tests (RFC 2606, RFC 6761) are
 * skipped too, since they belong to nobody.
 */

const require = createRequire(import.meta.url);
let providers: Set<string> | undefined;

const RESERVED = new Set(['example.com', 'example.net', 'example.org', 'localhost', 'invalid', 'test', 'example']);
const RESERVED_SUFFIXES = ['.example', '.test', '.invalid', '.localhost'];

function publicProviders(): Set<string> {
  providers ??= new Set((require('email-providers/all.json') as string[]).map((domain) => domain.toLowerCase()));
  return providers;
}

/** The domain of an e-mail address, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
}

/** Whether a domain is a public mail provider, or reserved (it then says nothing about an institution). */
export function isPublicMailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  if (!name.includes('.')) return true;
  if (RESERVED.has(name) || RESERVED_SUFFIXES.some((suffix) => name.endsWith(suffix))) return true;
  return publicProviders().has(name);
}

/**
 * Whether two mail domains belong to the same organisation: equal, or one a subdomain of the other
 * (cs.uni.edu and uni.edu), and neither public nor reserved.
 */
export function isSameOrganisationDomain(a: string, b: string): boolean {
  if (!a || !b || isPublicMailDomain(a) || isPublicMailDomain(b)) return false;
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}
