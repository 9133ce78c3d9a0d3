import bcrypt from "bcryptjs";
import { env } from "~/env.server";

// bcrypt cost 12 in production (about 250 ms); cheaper elsewhere so tests stay quick.
const COST = env.NODE_ENV === "production" ? 12 : 8;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
