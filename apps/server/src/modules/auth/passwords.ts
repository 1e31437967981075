// Password hashing with Node's scrypt (API.md §3.1); the dummy hash keeps signin timing the same for unknown
// accounts. Hashes record their parameters (`scrypt$N$r$p$salt$key`), so a hash made with a smaller cost still
// verifies and is replaced on the member's next successful sign-in (needsRehash).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import pLimit from "p-limit";

const scryptOnce = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * One hash at a time per process: each takes 128 MiB at the production cost, and libuv's four threads would run four
 * at once (512 MiB on top of a ~250 MB server, from one burst of sign-ins) and leave no thread for file reads. A hash
 * takes 0.2–0.4 s of one core, so a process signs in 3–5 members a second; the others wait their turn.
 */
const oneAtATime = pLimit(1);
const scryptAsync: typeof scryptOnce = (...args) => oneAtATime(() => scryptOnce(...args));

/** Hashes computing now (at most 1) and waiting their turn. */
export function passwordHashing(): { running: number; waiting: number } {
  return { running: oneAtATime.activeCount, waiting: oneAtATime.pendingCount };
}

/** Production cost: N = 2^17, r = 8, p = 1 (OWASP's scrypt minimum; 128 MiB and ~0.2–0.4 s per hash). */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** Largest N a stored hash may ask for: a forged row cannot make one verification take minutes. */
const MAX_LOG_N = 20;

/** scrypt needs 128·N·r bytes; Node refuses above `maxmem` (32 MiB by default, too small for N = 2^17). */
function maxmem(n: number): number {
  return 128 * n * R + 16 * 1024 * 1024;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Whether a stored hash was made with other parameters than this hasher's (then re-hashed at sign-in). */
  needsRehash(stored: string): boolean;
  /** A real hash of a random password, verified when there is no account so every signin costs one scrypt. */
  dummyHash(): Promise<string>;
}

/** `logN`: SCRYPT_LOG_N (config.ts); 17 in production, smaller only in tests to keep them fast. */
export function createPasswordHasher(logN: number = DEFAULT_SCRYPT_LOG_N): PasswordHasher {
  const N = 2 ** logN;
  let dummy: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, KEYLEN, { N, r: R, p: P, maxmem: maxmem(N) });
    return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split("$");
    if (scheme !== "scrypt" || !salt || !key) return false;
    const cost = Number(n);
    if (!Number.isInteger(cost) || cost < 2 || cost > 2 ** MAX_LOG_N || Number(r) !== R || Number(p) !== P) {
      return false;
    }
    const expected = Buffer.from(key, "base64");
    const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, {
      N: cost,
      r: R,
      p: P,
      maxmem: maxmem(cost),
    });
    return timingSafeEqual(actual, expected);
  }

  function needsRehash(stored: string): boolean {
    const [scheme, n, r, p] = stored.split("$");
    return scheme !== "scrypt" || Number(n) !== N || Number(r) !== R || Number(p) !== P;
  }

  function dummyHash(): Promise<string> {
    dummy ??= hash(randomBytes(12).toString("hex"));
    return dummy;
  }

  return { hash, verify, needsRehash, dummyHash };
}

/** One hash at the given cost (scripts and test factories that write members directly). */
export function hashPassword(password: string, logN: number = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  return createPasswordHasher(logN).hash(password);
}
