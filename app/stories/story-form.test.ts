import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { STORY_LIMITS, STORY_MESSAGES, StorySchema, splitTags } from "./story-form";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

const complete = {
  intent: "submit",
  title: "The Lantern Keeper",
  summary: "A keeper, a lantern, and what waits past the light.",
  markdown: words(40),
  category: "gothic",
  agree: "on",
};

function errors(fields: Record<string, string | string[]>) {
  const submission = parseWithZod(form(fields), { schema: StorySchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("the story form's limits", () => {
  test("a complete submission passes", () => {
    expect(errors(complete)).toEqual({});
  });

  test("a draft needs only a title", () => {
    expect(errors({ intent: "save", title: "Untitled yet" })).toEqual({});
    expect(errors({ intent: "save", title: "  " })).toMatchObject({ title: [STORY_MESSAGES.titleRequired] });
  });

  test("submitting asks for a summary, enough words, a category and the agreement", () => {
    expect(errors({ intent: "submit", title: "T", markdown: "too short" })).toMatchObject({
      summary: [STORY_MESSAGES.summaryRequired],
      markdown: [STORY_MESSAGES.textTooShort],
      category: [STORY_MESSAGES.categoryRequired],
      agree: [STORY_MESSAGES.agreementRequired],
    });
  });

  test("an empty submission names every missing field at once, not the title first and the rest on the second send", () => {
    expect(errors({ intent: "submit" })).toEqual({
      title: [STORY_MESSAGES.titleRequired],
      summary: [STORY_MESSAGES.summaryRequired],
      markdown: [STORY_MESSAGES.textTooShort],
      category: [STORY_MESSAGES.categoryRequired],
      agree: [STORY_MESSAGES.agreementRequired],
    });
    // A field that failed its own check keeps its message, and the others are still named.
    expect(errors({ intent: "submit", title: "x".repeat(STORY_LIMITS.titleMax + 1), category: "Not a slug" })).toEqual({
      title: [STORY_MESSAGES.titleTooLong],
      summary: [STORY_MESSAGES.summaryRequired],
      markdown: [STORY_MESSAGES.textTooShort],
      category: [STORY_MESSAGES.categoryRequired],
      agree: [STORY_MESSAGES.agreementRequired],
    });
  });

  test("sizes: title, summary, words", () => {
    expect(errors({ ...complete, title: "x".repeat(STORY_LIMITS.titleMax + 1) })).toMatchObject({
      title: [STORY_MESSAGES.titleTooLong],
    });
    expect(errors({ ...complete, summary: "x".repeat(STORY_LIMITS.summaryMax + 1) })).toMatchObject({
      summary: [STORY_MESSAGES.summaryTooLong],
    });
    expect(errors({ ...complete, markdown: "a ".repeat(STORY_LIMITS.wordsMax + 1) })).toMatchObject({
      markdown: [STORY_MESSAGES.textTooLong],
    });
    expect(errors({ ...complete, markdown: "a ".repeat(STORY_LIMITS.wordsMax) })).toEqual({});
    expect(errors({ ...complete, markdown: "x".repeat(STORY_LIMITS.markdownMaxChars + 1) }).markdown).toContain(
      STORY_MESSAGES.textTooManyChars,
    );
  });

  test("tags and warnings", () => {
    expect(errors({ ...complete, newTags: "x".repeat(STORY_LIMITS.tagMax + 1) })).toMatchObject({
      newTags: [STORY_MESSAGES.tagTooLong],
    });
    expect(errors({ ...complete, newTags: words(STORY_LIMITS.tagsMax + 1).replaceAll(" ", ",") })).toMatchObject({
      newTags: [STORY_MESSAGES.tooManyTags],
    });
    expect(errors({ ...complete, warnings: ["gore", "violence"] })).toEqual({});
    expect(errors({ ...complete, warnings: ["not-a-warning"] })).toHaveProperty(["warnings[0]"]);
  });

  test("tags are split as a reader would", () => {
    expect(splitTags(" Ghosts, old   house,ghosts,, ")).toEqual(["Ghosts", "old house"]);
  });
});
