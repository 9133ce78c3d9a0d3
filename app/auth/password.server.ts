// Password hashes: bcrypt from @node-rs/bcrypt, whose async functions run on
// libuv's thread pool, so the hashing itself never runs on the event loop
// (bcryptjs hashed on it: /api/health took seconds during 20 sign-ins). The
// format is unchanged, so hashes written by bcryptjs ($2a$/$2b$) still verify.
//
// Only `HASH_SLOTS` hashes run at once; the others wait their turn. Twenty at
// once filled libuv's four threads, so every request's file or crypto work
// (express.static's stat of /api/health, for one) queued behind a second of
// hashing, and took both cores from the loop: /api/health took 1.7 s and more
// during a burst of sign-ins (issue 39; docs/decisions/033 has the measurements).
import { hash, verify } from "@node-rs/bcrypt";
import { env } from "~/env.server";
import { backgroundJobSlots, concurrencyLimit } from "~/utils/concurrency-limit.server";

// bcrypt cost 12 in production (about 250 ms); cheaper elsewhere so tests stay
// quick. PASSWORD_HASH_COST chooses another (the test servers take 4).
const COST = env.PASSWORD_HASH_COST ?? (env.NODE_ENV === "production" ? 12 : 8);

/** Hashes that may run at once: a core and a pool thread are always left to the rest. */
export const HASH_SLOTS = backgroundJobSlots();
export const hashing = concurrencyLimit(HASH_SLOTS);

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, COST));
}

export function verifyPassword(password: string, encoded: string): Promise<boolean> {
  return hashing(() => verify(password, encoded));
}
