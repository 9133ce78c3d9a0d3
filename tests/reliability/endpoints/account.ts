import { type Endpoint, unique } from "./shared.ts";

export const ACCOUNT_ENDPOINTS: Record<string, Endpoint> = {
  // Account settings (docs/decisions/012). The password change and the deletion need the
  // sender's password, which the suites do not know: app/account/*.test.ts and
  // tests/e2e/account-settings.spec.ts cover them; here a wrong one is refused.
  "/settings/profile": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/profile",
    as: "reader",
    valid: {
      profile: () => ({ intent: "profile", username: `renamed_${unique()}`, displayName: "Mara", bio: "A lamp." }),
      email: () => ({ intent: "email", email: `moved-${unique()}@horror.test` }),
      "remove avatar": () => ({ intent: "remove" }),
    },
    accepted: [302],
    optional: ["displayName", "bio"],
  },
  "/settings/notifications": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/notifications",
    as: "reader",
    valid: { save: () => ({ "site-new-story": "on", digest: "daily", cursed: "on" }) },
    accepted: [302],
    // Checkboxes: an unticked one is not sent.
    optional: ["site-new-story", "cursed"],
  },
  "/settings/privacy": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/privacy",
    as: "reader",
    valid: {
      "analytics choice": () => ({ intent: "consent", analytics: "on" }),
      "end other sessions": () => ({ intent: "end-others" }),
    },
    accepted: [302],
    optional: ["analytics"],
  },
  "/settings/privacy/export": {
    reads: "nothing",
    csrf: "token",
    formPage: "/settings/privacy",
    as: "reader",
    valid: { download: () => ({}) },
    accepted: [200],
  },
  "/confirm-email": {
    reads: "form",
    csrf: "token",
    formPage: "/confirm-email",
    as: "anonymous",
    // No link was mailed to the suites: a well-formed token nobody holds is refused with its message
    // (app/account/account.server.test.ts and the browser test use real ones).
    valid: { "unknown token": () => ({ token: "0".repeat(64) }) },
    accepted: [400],
  },
  // The undo link mailed to the old address (issue 39): as /confirm-email, a token nobody
  // holds is refused (tests/reliability/email-change.spec.ts and the browser test use real ones).
  "/restore-email": {
    reads: "form",
    csrf: "token",
    formPage: "/restore-email",
    as: "anonymous",
    valid: { "unknown token": () => ({ token: "0".repeat(64) }) },
    accepted: [400],
  },
};
