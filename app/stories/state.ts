// The life of a community story (docs/decisions/014), as pure functions: who
// may move a story from which status to which. The server code asks here
// before every change, so the routes and the moderation queue share one rule.
//
//   draft --submit--> review --approve--> published
//     ^                 |  \--request-changes--> changes --submit--> review
//     |                 \--reject--> rejected (final: the reason stays on the story)
//   withdrawn <--withdraw-- draft | review | changes | published
//
// A published story that is edited stays published: the edit is a revision
// (PostRevision) that goes through the same review (REVISION_* below).

export const STORY_STATUSES = ["draft", "review", "published", "changes", "rejected", "withdrawn"] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_ACTIONS = ["save", "submit", "withdraw", "approve", "request-changes", "reject"] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/** The writer is the story's author; the admin moderates (an admin editing their own story acts as its writer). */
export type StoryRole = "writer" | "admin";

type Rule = { role: StoryRole; from: readonly StoryStatus[]; to: (from: StoryStatus) => StoryStatus };

const RULES: Record<StoryAction, Rule> = {
  // Saving keeps a story where it is (a writer answering a change request keeps the message in view);
  // a withdrawn story that is saved again is a draft.
  save: {
    role: "writer",
    from: ["draft", "changes", "withdrawn"],
    to: (from) => (from === "withdrawn" ? "draft" : from),
  },
  submit: { role: "writer", from: ["draft", "changes", "withdrawn"], to: () => "review" },
  withdraw: { role: "writer", from: ["draft", "review", "changes", "published"], to: () => "withdrawn" },
  approve: { role: "admin", from: ["review"], to: () => "published" },
  "request-changes": { role: "admin", from: ["review"], to: () => "changes" },
  reject: { role: "admin", from: ["review"], to: () => "rejected" },
};

export type TransitionResult = { ok: true; to: StoryStatus } | { ok: false; reason: string };

export function isStoryStatus(value: string): value is StoryStatus {
  return (STORY_STATUSES as readonly string[]).includes(value);
}

/** Whether `role` may apply `action` to a story in `from`, and where it goes. */
export function transition(from: StoryStatus, action: StoryAction, role: StoryRole): TransitionResult {
  const rule = RULES[action];
  if (rule.role !== role) {
    return {
      ok: false,
      reason: rule.role === "admin" ? "Only a moderator can do that." : "Only the story's writer can do that.",
    };
  }
  if (!rule.from.includes(from)) {
    return { ok: false, reason: `A story that is ${STATUS_LABELS[from].toLowerCase()} cannot be changed that way.` };
  }
  return { ok: true, to: rule.to(from) };
}

/** The actions `role` may take on a story in `status` (buttons to show). */
export function allowedActions(status: StoryStatus, role: StoryRole): StoryAction[] {
  return STORY_ACTIONS.filter((action) => transition(status, action, role).ok);
}

/** A writer may edit the text in these statuses; a published story is edited through a revision. */
export function isEditable(status: StoryStatus): boolean {
  return status === "draft" || status === "changes" || status === "withdrawn" || status === "published";
}

export const STATUS_LABELS: Record<StoryStatus, string> = {
  draft: "Draft",
  review: "In review",
  published: "Published",
  changes: "Changes requested",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};
