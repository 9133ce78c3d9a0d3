// The admin pages.
import { DEFAULT_PALETTE as PALETTE } from "../../../app/theme/palette.ts";
import { type Endpoint, unique } from "./shared.ts";

export const ADMIN_ENDPOINTS: Record<string, Endpoint> = {
  // User management (docs/decisions/017). No user has this id: the valid request is a 404
  // (tests/e2e/admin-users.spec.ts and app/admin/users.server.test.ts act on real users).
  "/admin/users": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/users",
    as: "admin",
    valid: {
      "end sessions": () => ({ intent: "end-sessions", userId: "no-such-user" }),
      suspend: () => ({ intent: "suspend", userId: "no-such-user" }),
    },
    accepted: [404],
  },
  "/admin/users/:userId": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/users",
    as: "admin",
    valid: {
      "end sessions": () => ({ intent: "end-sessions" }),
      // The first press of "Delete account" only asks; the confirmed one deletes (both name no user here).
      "delete (asked first)": () => ({ intent: "delete", submissions: "anonymise" }),
      "delete (confirmed)": () => ({ intent: "delete", submissions: "anonymise", confirmed: "yes" }),
    },
    accepted: [404],
    optional: ["submissions"],
  },
  "/admin/content-moderation": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-moderation",
    as: "admin",
    // No submission has this id: the valid request is a 404 (the e2e flow moderates real ones).
    // The first press of "Approve and publish" only asks; the confirmed one publishes.
    valid: {
      "approve (asked first)": () => ({ item: "p999999", decision: "approve" }),
      "approve (confirmed)": () => ({ item: "p999999", decision: "approve", confirmed: "yes" }),
      // "Not yet" on the question: a redirect back to the card, nothing decided.
      "not yet": () => ({ item: "p999999", back: "yes" }),
    },
    accepted: [404, 302],
    optional: [],
  },
  "/admin/feedback": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: {
      note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }),
      "delete a note": () => ({
        intent: "note-delete",
        kind: "feedback",
        id: "no-such-feedback",
        note: "no-such-note",
      }),
    },
    accepted: [404],
    optional: [],
  },
  "/admin/feedback-management": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback-management",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: { note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/feedback-review": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback-review",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: { note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/bug-reports": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/bug-reports",
    as: "admin",
    // No error group has this key: the valid request is a 404 (the e2e flow changes a real one).
    valid: { "error status": () => ({ intent: "error-status", id: "0".repeat(64), status: "fixed" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/stories": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/stories",
    as: "admin",
    // Stop featuring is always valid; feature, unpublish and publish (its undo) name real stories in
    // tests/e2e/admin-content.spec.ts and authz.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  "/admin/content": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content",
    as: "admin",
    // Stop featuring is always valid; feature, unpublish and publish (its undo) name real stories in
    // tests/e2e/admin-content.spec.ts and authz.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  "/admin/content-management": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-management",
    as: "admin",
    // Stop featuring is always valid; feature, unpublish and publish (its undo) name real stories in
    // tests/e2e/admin-content.spec.ts and authz.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  // Own posts (docs/decisions/018): the editor of a new post, and of an existing one.
  "/admin/posts/new": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/posts/new",
    as: "admin",
    valid: {
      "save draft": () => ({ intent: "save", title: `A draft by an admin ${unique()}` }),
      publish: () => ({
        intent: "publish",
        title: `Published by an admin ${unique()}`,
        markdown: "The house was quiet.",
        publishAt: "2030-01-01T00:00",
      }),
    },
    accepted: [302],
  },
  "/admin/posts/:postId": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/posts/new",
    as: "admin",
    // ":postId" names no post: the valid request is a 404 (tests/e2e/admin-posts.spec.ts edits and deletes real ones).
    valid: { "save draft": () => ({ intent: "save", title: "A draft in the dark" }) },
    accepted: [404],
  },
  "/admin/wordpress-sync": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/wordpress-sync",
    as: "admin",
    // Starts in the background (or says one runs): a redirect either way.
    valid: { "sync now": () => ({ intent: "sync" }) },
    accepted: [302],
  },
  // Site settings (docs/decisions/021): the valid submission is the defaults, so the shared site keeps them.
  "/admin/settings": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/settings",
    as: "admin",
    valid: {
      "save the defaults": () => ({
        communityContent: "on",
        registrationOpen: "on",
        maintenanceMode: "off",
        syncIntervalMinutes: "5",
        contactEmail: "hello@horrorstories.example",
      }),
    },
    accepted: [302],
  },
  // Theme management (docs/decisions/019): a new category, and a palette preview (nothing saved).
  "/admin/themes": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/themes",
    as: "admin",
    valid: {
      "create category": () => ({
        intent: "category-create",
        name: `Hostile dread ${unique()}`,
        slug: `dread-${unique()}`,
      }),
      "preview palette": () => ({
        intent: "preview",
        ...Object.fromEntries(
          (["light", "dark"] as const).flatMap((theme) =>
            Object.entries(PALETTE.dark).map(([token]) => [
              `${theme}.${token}`,
              PALETTE[theme][token as keyof typeof PALETTE.dark],
            ]),
          ),
        ),
        "seasonal.name": "Halloween",
        "seasonal.light": "#8a3b00",
        "seasonal.dark": "#f0a050",
      }),
    },
    accepted: [200, 302],
    optional: ["slug"],
  },
};
