import { describe, expect, it } from "vitest";
import { LibraryFormSchema, ParagraphSchema, PositionSchema } from "./shelf-schemas";
import { percentRead, reachedEnd, shelfAfterReading } from "./shelves";

describe("reading position rules", () => {
  it("counts the paragraph the reader stopped at as read", () => {
    expect(percentRead(0, 4)).toBe(25);
    expect(percentRead(1, 3)).toBe(67);
    expect(percentRead(3, 4)).toBe(100);
    // Out of range (the story got shorter since): clamped, never past 100.
    expect(percentRead(99, 4)).toBe(100);
    expect(percentRead(0, 0)).toBe(0);
  });

  it("finishes the story at its last paragraph", () => {
    expect(reachedEnd(3, 4)).toBe(true);
    expect(reachedEnd(2, 4)).toBe(false);
    expect(reachedEnd(0, 0)).toBe(false);
  });

  it("moves the story between shelves as the reader reads", () => {
    expect(shelfAfterReading(null, false)).toBe("reading");
    expect(shelfAfterReading("read-later", false)).toBe("reading");
    expect(shelfAfterReading("bookmarked", false)).toBe("bookmarked");
    expect(shelfAfterReading("finished", false)).toBe("finished");
    for (const shelf of [null, "bookmarked", "read-later", "reading", "finished"] as const) {
      expect(shelfAfterReading(shelf, true)).toBe("finished");
    }
  });
});

describe("library input", () => {
  it("takes a shelf, defaulting to Bookmarked", () => {
    expect(LibraryFormSchema.parse({ intent: "shelve", slug: "bread-and-salt" })).toMatchObject({
      shelf: "bookmarked",
    });
    expect(LibraryFormSchema.safeParse({ intent: "shelve", slug: "bread-and-salt", shelf: "attic" }).success).toBe(
      false,
    );
  });

  it("refuses slugs that are not story addresses and odd paragraphs", () => {
    expect(LibraryFormSchema.safeParse({ intent: "remove", slug: "../etc/passwd" }).success).toBe(false);
    expect(PositionSchema.safeParse({ slug: "a-story", paragraph: "-1" }).success).toBe(false);
    expect(PositionSchema.safeParse({ slug: "a-story", paragraph: "1.5" }).success).toBe(false);
    expect(PositionSchema.parse({ slug: "a-story", paragraph: "12" }).paragraph).toBe(12);
  });
});

describe("the paragraph of a reading position", () => {
  // Audit b, defect 6: 3000000000 and -1 were "paragraph must be a number." (they are numbers).
  it("is refused out of range with the range, in the form and in JSON", () => {
    for (const paragraph of [3_000_000_000, -1, 1.5, 100_001, "12"]) {
      const refused = ParagraphSchema.safeParse(paragraph);
      expect(refused.success, String(paragraph)).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe("Use a whole number from 0 to 100000.");
    }
    expect(PositionSchema.safeParse({ slug: "a-story", paragraph: "3000000000" }).error?.issues[0]?.message).toBe(
      "Use a whole number from 0 to 100000.",
    );
    expect(ParagraphSchema.parse(100_000)).toBe(100_000);
    expect(ParagraphSchema.parse(0)).toBe(0);
  });
});
