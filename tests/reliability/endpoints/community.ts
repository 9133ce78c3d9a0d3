import type { Endpoint } from "./shared.ts";

export const COMMUNITY_ENDPOINTS: Record<string, Endpoint> = {
  // Community (docs/decisions/015). The suites post to the paths as written: ":id" and
  // ":slug" name no thread or story, so those valid requests are 404s
  // (authz.spec.ts posts real replies, comments and reports, and the moderation).
  "/community": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { "start a thread": () => ({ title: "Bells at three", body: "Who else hears them from the marsh?" }) },
    accepted: [302],
  },
  "/community/threads/:id": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { reply: () => ({ body: "I hear them too." }), quote: () => ({ body: "Yes.", quoteOf: "1" }) },
    accepted: [404],
    optional: ["quoteOf"],
  },
  "/community/report": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { report: () => ({ postId: "999999999", reason: "spam", details: "Selling lanterns" }) },
    accepted: [404],
    optional: ["details"],
    // A valid report counts per address and per account (the 404 comes after both).
    counters: 2,
  },
  // A reader's own post (its author only: authz-community.spec.ts edits and deletes a real one).
  "/community/posts/:id/edit": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { edit: () => ({ body: "On second thought, they ring at four." }) },
    accepted: [404],
  },
  "/community/posts/:id/delete": {
    reads: "nothing",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { delete: () => ({}) },
    accepted: [404],
  },
  "/community-story/:slug/comments": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { comment: () => ({ body: "It stayed with me.", redirectTo: "/community" }) },
    accepted: [404],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/admin/content-moderation/reports": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-moderation/reports",
    as: "admin",
    valid: {
      dismiss: () => ({ intent: "dismiss", postId: "999999999", redirectTo: "/admin/content-moderation/reports" }),
      hide: () => ({ intent: "hide", postId: "999999999" }),
    },
    accepted: [404],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
};
