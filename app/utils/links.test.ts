import { describe, expect, it } from "vitest";
import { isExternalWebLink, isSiteLink } from "./links";

const SITE = "http://localhost:3000";

describe("isSiteLink", () => {
  it.each([
    ["/story/a", true],
    ["story/a", true],
    ["?page=2", true],
    ["#top", true],
    [`${SITE}/about`, true],
    ["HTTP://LOCALHOST:3000/about", true],
    [`${SITE}@evil.example/landing`, false],
    ["http://localhost:3000.evil.example/", false],
    ["http://localhost:3001/", false],
    ["https://localhost:3000/", false],
    ["//evil.example/x", false],
    ["/\\evil.example/x", false],
    ["mailto:someone@example.com", false],
    ["http://[not a host/", false],
  ])("%s on the site: %s", (href, expected) => {
    expect(isSiteLink(href, SITE)).toBe(expected);
  });

  it("reads a production address without a port by its origin too", () => {
    expect(isSiteLink("https://horror.example.evil.com/", "https://horror.example")).toBe(false);
    expect(isSiteLink("https://horror.example:443/x", "https://horror.example")).toBe(true);
  });

  it("counts relative links as the site's when no origin is known", () => {
    expect(isSiteLink("/admin/posts/1")).toBe(true);
    expect(isSiteLink("//evil.example/")).toBe(false);
    expect(isSiteLink("https://wordpress.example/wp-admin/post.php?post=1")).toBe(false);
  });
});

describe("isExternalWebLink", () => {
  it("is true for web pages elsewhere and for what does not parse, false for the site and for mailto:", () => {
    expect(isExternalWebLink("https://elsewhere.example/", SITE)).toBe(true);
    expect(isExternalWebLink(`${SITE}@evil.example/`, SITE)).toBe(true);
    expect(isExternalWebLink("http://[oops/", SITE)).toBe(true);
    expect(isExternalWebLink("/about", SITE)).toBe(false);
    expect(isExternalWebLink("mailto:a@b.example", SITE)).toBe(false);
    expect(isExternalWebLink("https://elsewhere.example/")).toBe(true);
  });
});
