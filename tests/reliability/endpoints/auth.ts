// Signing in and out, registering, resetting a password, connected accounts.
import { type Endpoint, newAccount } from "./shared.ts";

export const AUTH_ENDPOINTS: Record<string, Endpoint> = {
  "/logout": {
    reads: "nothing",
    csrf: "token",
    formPage: "/",
    as: "reader",
    valid: { "sign out": () => ({}) },
    accepted: [302],
  },
  "/api/auth/login": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: { "sign in": (account) => ({ email: account.email, password: account.password, rememberMe: true }) },
    accepted: [200],
    optional: ["rememberMe"],
    lenient: ["rememberMe"],
    counters: 2,
  },
  "/api/auth/register": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: { register: () => newAccount() },
    accepted: [201],
  },
  "/api/auth/logout": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "sign out": () => ({}) },
    accepted: [200],
  },
  "/auth": {
    reads: "form",
    csrf: "token",
    formPage: "/auth?mode=register",
    as: "anonymous",
    valid: {
      register: () => ({ intent: "register", ...newAccount(), redirectTo: "/stories" }),
      "sign in": (account) => ({ intent: "login", email: account.email, password: account.password, remember: "on" }),
    },
    accepted: [302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
    counters: 2,
  },
  "/reset-password": {
    reads: "form",
    csrf: "token",
    formPage: "/reset-password",
    as: "anonymous",
    valid: { request: (account) => ({ intent: "request", email: account.email }) },
    accepted: [302],
    mailsAfterAnswer: true,
    optional: ["intent"],
    lenient: ["intent"],
  },
  "/settings/connected-accounts": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/connected-accounts",
    as: "reader",
    // Connect sends the reader to the site's provider (fixtures.ts); Disconnect: authz.spec.ts.
    valid: { connect: () => ({ intent: "connect", provider: "lantern" }) },
    accepted: [302],
    offSite: /^http:\/\/127\.0\.0\.1:\d+\/authorize\?response_type=code&client_id=reliability-site&/,
  },
};
