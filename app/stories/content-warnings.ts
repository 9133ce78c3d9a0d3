// The fixed list of content warnings a writer can put on a story (docs/decisions/014)
// and a reader can choose to collapse (a reading preference, docs/decisions/011). One
// list, so a warning a writer can set is always one a reader can collapse.
export const CONTENT_WARNINGS = [
  { id: "violence", label: "Violence" },
  { id: "gore", label: "Gore" },
  { id: "self-harm", label: "Self-harm or suicide" },
  { id: "abuse", label: "Abuse" },
  { id: "body-horror", label: "Body horror" },
  { id: "sexual-content", label: "Sexual content" },
  { id: "substance-abuse", label: "Substance abuse" },
  { id: "animal-harm", label: "Harm to animals" },
  { id: "child-harm", label: "Harm to children" },
  { id: "death", label: "Death or grief" },
] as const;

export type ContentWarningId = (typeof CONTENT_WARNINGS)[number]["id"];

export const CONTENT_WARNING_IDS = CONTENT_WARNINGS.map((w) => w.id) as ContentWarningId[];

export function isContentWarningId(value: string): value is ContentWarningId {
  return (CONTENT_WARNING_IDS as string[]).includes(value);
}
