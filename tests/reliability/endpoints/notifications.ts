// The notification page and its API.
import { type Endpoint, unique } from "./shared.ts";

export const NOTIFICATION_ENDPOINTS: Record<string, Endpoint> = {
  "/notifications": {
    reads: "form",
    csrf: "token",
    formPage: "/notifications",
    as: "reader",
    valid: {
      "mark all read": () => ({ intent: "read-all", filter: "unread" }),
      clear: () => ({ intent: "clear" }),
    },
    accepted: [302],
    optional: ["filter"],
  },
  "/api/notifications": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: {
      // POST merges the notifications a browser kept before sign-in (DELETE clears: authz.spec.ts).
      merge: () => ({
        notifications: [
          {
            id: `n_${unique()}`,
            type: "new-story",
            title: "New Story Published",
            message: '"The Drowned Choir" is now available to read!',
            link: "/reader/the-drowned-choir",
            storyId: "12",
            date: new Date().toISOString(),
            read: false,
          },
        ],
      }),
    },
    accepted: [200],
  },
  "/api/notifications/read-all": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "mark all read": () => ({}) },
    accepted: [200],
  },
  "/api/notifications/opened": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "panel opened": () => ({}) },
    accepted: [200],
  },
  "/api/notifications/:id/read": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    // The suites post to the path as written: ":id" names none of the sender's
    // notifications, so the valid request is a 404 (authz.spec.ts marks a real one read).
    valid: { "mark one read": () => ({}) },
    accepted: [404],
  },
};
