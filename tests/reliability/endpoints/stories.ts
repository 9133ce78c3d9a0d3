import type { Endpoint } from "./shared.ts";

export const STORY_ENDPOINTS: Record<string, Endpoint> = {
  // Writers' stories (docs/decisions/014).
  "/submit-story": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    valid: {
      "save draft": () => ({ intent: "save", title: "A draft in the dark" }),
      "submit for review": () => ({
        intent: "submit",
        title: "The Lantern Keeper",
        summary: "A keeper, a lantern, and what waits past the light.",
        markdown: "The lantern swung and the dark leaned closer to the glass. ".repeat(4),
        category: "gothic",
        warnings: "death",
        agree: "on",
      }),
      // Nothing saved: the page again, with the preview above the form.
      preview: () => ({ intent: "preview", title: "A draft in the dark", markdown: "It was *not* locked." }),
    },
    accepted: [302, 200],
  },
  "/edit-story/:id": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    // ":id" names no story of the sender's: the valid request is a 404 (authz.spec.ts edits a real one).
    valid: {
      "save draft": () => ({ intent: "save", title: "A draft in the dark" }),
      withdraw: () => ({ intent: "withdraw" }),
      // Delete this story: the first press only asks, the confirm step's "Yes" deletes.
      "delete (asked first)": () => ({ intent: "delete" }),
      "delete (confirmed)": () => ({ intent: "delete", confirmed: "yes" }),
      preview: () => ({ intent: "preview", title: "A draft in the dark", markdown: "It was *not* locked." }),
    },
    accepted: [404],
  },
  "/api/stories/draft": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    valid: { autosave: () => ({ title: "Autosaved in the dark" }) },
    accepted: [200],
  },
};
