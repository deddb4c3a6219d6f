import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP's scrypt setting (N=2^15, r=8, p=3); tests may lower N through PASSWORD_HASH_COST. */
function cost(): { N: number; r: number; p: number } {
  const log2 = Number(process.env.PASSWORD_HASH_LOG2_N ?? 15);
  return { N: 2 ** Math.min(Math.max(log2, 10), 17), r: 8, p: 3 };
}

/** Hashes with scrypt; the parameters travel in the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = cost();
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: 256 * N * R * P + 1024 * 1024,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A random password that satisfies every password rule (letters, digits, symbols, 20 characters). */
export function generatePassword(): string {
  return `${crypto.randomBytes(15).toString('base64url')}-9a`;
}
