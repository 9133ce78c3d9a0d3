// Password hashes: bcrypt from @node-rs/bcrypt, whose async functions run on
// libuv's thread pool, so a burst of sign-ins never stalls the event loop
// (bcryptjs hashed on it: /api/health took seconds during 20 sign-ins). The
// format is unchanged, so hashes written by bcryptjs ($2a$/$2b$) still verify.
import { hash, verify } from "@node-rs/bcrypt";
import { env } from "~/env.server";

// bcrypt cost 12 in production (about 250 ms); cheaper elsewhere so tests stay
// quick. PASSWORD_HASH_COST chooses another (the test servers take 4).
const COST = env.PASSWORD_HASH_COST ?? (env.NODE_ENV === "production" ? 12 : 8);

export function hashPassword(password: string): Promise<string> {
  return hash(password, COST);
}

export function verifyPassword(password: string, encoded: string): Promise<boolean> {
  return verify(password, encoded);
}
