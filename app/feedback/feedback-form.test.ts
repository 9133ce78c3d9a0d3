import { describe, expect, it } from "vitest";
import { FeedbackSchema, feedbackAbout } from "./feedback-form";

describe("the feedback's screen resolution (spec §3: width x height)", () => {
  const parse = (screenResolution: string) => FeedbackSchema.safeParse({ content: "hello there", screenResolution });

  // Audit b, defect 6: "1280x800" was refused with zod's regex, /^\d{1,5} x \d{1,5}$/, as its message.
  it("takes 1280 x 800 and 1280x800, kept in the spec's form", () => {
    for (const sent of ["1280 x 800", "1280x800", "1280X800", " 1280  x 800 "]) {
      expect(parse(sent).data?.screenResolution, sent).toBe("1280 x 800");
    }
  });

  it("refuses anything else with a message a person can read", () => {
    for (const sent of ["big", "1280", "1280 x", "1280x800x2", "123456 x 1", "-1 x 5"]) {
      const refused = parse(sent);
      expect(refused.success, sent).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe("Use width x height in pixels, e.g. 1280 x 800.");
    }
  });
});

describe("what a piece of feedback is about, in the form's words", () => {
  it("names the type and the category, but not the default category", () => {
    expect(feedbackAbout("feature", "ui")).toBe("An idea · Look and layout");
    expect(feedbackAbout("general", "performance")).toBe("General · Speed");
    expect(feedbackAbout("general", "general")).toBe("General");
    expect(feedbackAbout("bug", "general")).toBe("Something is broken");
  });
});
