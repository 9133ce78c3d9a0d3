// A reader's library: bookmarks, reading positions, the profile page.
import type { Endpoint } from "./shared.ts";

export const LIBRARY_ENDPOINTS: Record<string, Endpoint> = {
  "/bookmarks": {
    reads: "form",
    csrf: "token",
    formPage: "/bookmarks",
    as: "reader",
    valid: {
      shelve: () => ({ intent: "shelve", slug: "the-widows-clock", shelf: "read-later", redirectTo: "/bookmarks" }),
      remove: () => ({ intent: "remove", slug: "the-widows-clock", redirectTo: "/bookmarks" }),
      undo: () => ({ intent: "undo", slug: "the-widows-clock", shelf: "reading", added: "1767225600000" }),
    },
    accepted: [200, 302],
    optional: ["shelf", "redirectTo"],
    lenient: ["redirectTo"],
  },
  "/reading-position": {
    reads: "form",
    csrf: "token",
    formPage: "/story/the-widows-clock",
    as: "reader",
    valid: {
      "stopped here": () => ({ slug: "the-widows-clock", paragraph: "1", redirectTo: "/story/the-widows-clock" }),
    },
    accepted: [200, 302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/profile": {
    reads: "form",
    csrf: "token",
    formPage: "/profile",
    as: "reader",
    valid: { "remove avatar": () => ({ intent: "remove" }) },
    accepted: [302],
  },
  "/api/bookmarks": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: { shelve: () => ({ slug: "the-widows-clock", shelf: "reading" }) },
    accepted: [200],
    optional: ["shelf"],
  },
  "/api/reading-position": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: { save: () => ({ slug: "the-widows-clock", paragraph: 1 }) },
    accepted: [200],
  },
};
