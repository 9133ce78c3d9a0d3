import { useEffect } from "react";

/** The spec's local key for the signed-in user (§3): { id, username, isAdmin }, for scripts that read it. */
export const STORED_USER_KEY = "user";

type StoredUser = { id: string; username: string; isAdmin: boolean };

/** Keeps the "user" key in step with the server's session: set after sign-in, removed after logout (JavaScript only). */
export function useStoredUser(user: StoredUser | null) {
  const id = user?.id ?? null;
  const username = user?.username ?? null;
  const isAdmin = user?.isAdmin ?? false;
  useEffect(() => {
    try {
      if (id && username) localStorage.setItem(STORED_USER_KEY, JSON.stringify({ id, username, isAdmin }));
      else localStorage.removeItem(STORED_USER_KEY);
    } catch {
      // Storage may be unavailable (private mode, disabled): the session cookie is what counts.
    }
  }, [id, username, isAdmin]);
}
