import { describe, expect, it } from "vitest";
import { links as authorLinks } from "~/routes/author";
import { links as profileLinks } from "~/routes/profile";
import { DEFAULT_AVATAR } from "./avatar";

describe("the default avatar", () => {
  it("is preloaded by the author and profile pages (spec §2)", () => {
    for (const links of [authorLinks, profileLinks]) {
      expect(links()).toContainEqual({ rel: "preload", href: DEFAULT_AVATAR, as: "image" });
    }
  });
});
