import { describe, expect, it } from "vitest";
import { notNeededForLcp } from "./wire";

describe("notNeededForLcp", () => {
  const lcp = "http://site/img/hero.avif";
  it("forbids JavaScript, fonts, what scripts fetch and images other than the LCP's own before the LCP", () => {
    expect(notNeededForLcp({ url: "http://site/assets/entry.js", type: "Script" }, lcp)).toBe(true);
    expect(notNeededForLcp({ url: "http://site/assets/literata.woff2", type: "Font" }, lcp)).toBe(true);
    expect(notNeededForLcp({ url: "http://site/api/x", type: "Fetch" }, lcp)).toBe(true);
    expect(notNeededForLcp({ url: "http://site/img/below.avif", type: "Image" }, lcp)).toBe(true);
    // A text LCP needs no image at all.
    expect(notNeededForLcp({ url: lcp, type: "Image" }, "")).toBe(true);
  });
  it("allows the document, its stylesheets, the LCP image and the browser's own favicon request", () => {
    expect(notNeededForLcp({ url: "http://site/story/x", type: "Document" }, lcp)).toBe(false);
    expect(notNeededForLcp({ url: "http://site/assets/pages.css", type: "Stylesheet" }, lcp)).toBe(false);
    expect(notNeededForLcp({ url: lcp, type: "Image" }, lcp)).toBe(false);
    expect(notNeededForLcp({ url: "http://site/favicon.svg", type: "Other" }, lcp)).toBe(false);
  });
});
