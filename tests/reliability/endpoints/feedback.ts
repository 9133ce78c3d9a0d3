// What readers send the site: feedback, error reports, bug reports, contact and copyright claims.
import { type Endpoint, unique } from "./shared.ts";

export const FEEDBACK_ENDPOINTS: Record<string, Endpoint> = {
  "/api/feedback": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      feedback: () => ({
        type: "bug",
        content: "The sidebar hides the story",
        page: "/stories",
        category: "ui",
        screenResolution: "412 x 823",
      }),
    },
    accepted: [201],
    optional: ["type", "page", "category", "screenResolution"],
  },
  "/api/errors": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      record: () => ({
        id: `err_${Date.now()}_${unique()}`,
        timestamp: new Date().toISOString(),
        message: "Boom",
        stack: "Error: Boom\n    at story (story.tsx:1:1)",
        url: "http://localhost/stories",
        context: { component: "StoryPage" },
      }),
      rejection: () => ({ id: `err_${Date.now()}_${unique()}`, message: "Unhandled rejection" }),
    },
    accepted: [201],
    optional: ["timestamp", "stack", "url", "context"],
  },
  "/api/user-feedback": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      report: () => {
        const errorId = `err_${Date.now()}_${unique()}`;
        return {
          type: "bug",
          content: `Error Report - ID: ${errorId}`,
          metadata: { errorId, userAgent: "Mozilla/5.0", url: "http://localhost/stories" },
        };
      },
    },
    accepted: [201],
    optional: ["metadata"],
  },
  "/feedback": {
    reads: "form",
    csrf: "token",
    formPage: "/feedback",
    as: "anonymous",
    valid: {
      feedback: () => ({ type: "feature", category: "content", content: "More lighthouse stories, please", page: "/" }),
    },
    accepted: [302],
    optional: ["type", "category", "page"],
  },
  "/report-bug": {
    reads: "form",
    csrf: "token",
    formPage: "/report-bug",
    as: "anonymous",
    valid: {
      report: () => ({
        whatHappened: "The page went blank",
        steps: "Open a story, press next",
        expected: "The next story",
        severity: "high",
        page: "/stories",
        errorId: `err_${Date.now()}_${unique()}`,
      }),
    },
    accepted: [302],
    optional: ["steps", "expected", "severity", "page", "errorId"],
  },
  "/contact": {
    reads: "form",
    csrf: "token",
    formPage: "/contact",
    as: "anonymous",
    valid: {
      message: () => ({
        name: "Mara Quill",
        email: `mara-${unique()}@horror.test`,
        subject: "A story for you",
        message: "I wrote something about the lighthouse keeper.",
      }),
    },
    accepted: [302],
    optional: ["subject"],
  },
  "/legal/copyright": {
    reads: "form",
    csrf: "token",
    formPage: "/legal/copyright",
    as: "anonymous",
    valid: {
      claim: () => ({
        name: "Ines Hollow",
        email: `ines-${unique()}@horror.test`,
        work: "The Drowned Choir, first published on my blog in 2019",
        location: "https://copycat.example/drowned-choir",
        details: "Copied word for word.",
        goodFaith: "on",
        accurate: "on",
      }),
    },
    accepted: [302],
    optional: ["details"],
  },
};
