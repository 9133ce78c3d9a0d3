import { describe, expect, test } from "vitest";
import { allowedActions, STORY_ACTIONS, STORY_STATUSES, type StoryAction, type StoryStatus, transition } from "./state";

/** Every allowed move: [from, action, role, to]. Anything not here is refused. */
const ALLOWED: [StoryStatus, StoryAction, "writer" | "admin", StoryStatus][] = [
  ["draft", "save", "writer", "draft"],
  ["changes", "save", "writer", "changes"],
  ["withdrawn", "save", "writer", "draft"],
  ["draft", "submit", "writer", "review"],
  ["changes", "submit", "writer", "review"],
  ["withdrawn", "submit", "writer", "review"],
  ["draft", "withdraw", "writer", "withdrawn"],
  ["review", "withdraw", "writer", "withdrawn"],
  ["changes", "withdraw", "writer", "withdrawn"],
  ["published", "withdraw", "writer", "withdrawn"],
  ["review", "approve", "admin", "published"],
  ["review", "request-changes", "admin", "changes"],
  ["review", "reject", "admin", "rejected"],
];

describe("story state machine", () => {
  for (const from of STORY_STATUSES) {
    for (const action of STORY_ACTIONS) {
      for (const role of ["writer", "admin"] as const) {
        const allowed = ALLOWED.find(([f, a, r]) => f === from && a === action && r === role);
        test(`${role} ${action} on ${from}: ${allowed ? `-> ${allowed[3]}` : "refused"}`, () => {
          const result = transition(from, action, role);
          if (allowed) expect(result).toEqual({ ok: true, to: allowed[3] });
          else expect(result).toMatchObject({ ok: false, reason: expect.any(String) });
        });
      }
    }
  }

  test("a writer cannot moderate, a moderator cannot write: the reason says who may", () => {
    expect(transition("review", "approve", "writer")).toEqual({ ok: false, reason: "Only a moderator can do that." });
    expect(transition("draft", "submit", "admin")).toEqual({
      ok: false,
      reason: "Only the story's writer can do that.",
    });
  });

  test("rejected is final", () => {
    expect(allowedActions("rejected", "writer")).toEqual([]);
    expect(allowedActions("rejected", "admin")).toEqual([]);
  });

  test("the queue's buttons for a story in review", () => {
    expect(allowedActions("review", "admin")).toEqual(["approve", "request-changes", "reject"]);
    expect(allowedActions("review", "writer")).toEqual(["withdraw"]);
  });
});
