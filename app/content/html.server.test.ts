import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeStoryHtml } from "./html.server";

const SITE = "https://horror.example";

describe("sanitizeStoryHtml", () => {
  it("drops scripts, styles, iframes and every on* attribute", () => {
    const html = sanitizeStoryHtml(
      `<script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><p onclick="alert(2)" onmouseover="x">Text</p><img src="/a.png" onerror="alert(3)" alt="a">`,
      SITE,
    );
    expect(html).toBe('<p>Text</p><img src="/a.png" alt="a" loading="lazy" decoding="async" />');
  });

  it("removes javascript: and data: URLs from links and images", () => {
    const html = sanitizeStoryHtml(
      `<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a><img src="data:image/png;base64,AAAA" alt="d">`,
      SITE,
    );
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain(">a</a>");
  });

  it("marks external links and leaves the site's own alone", () => {
    const html = sanitizeStoryHtml(
      `<a href="https://elsewhere.example/x">out</a><a href="${SITE}/story/a">in</a><a href="/about">rel</a>`,
      SITE,
    );
    expect(html).toContain(
      '<a href="https://elsewhere.example/x" rel="noopener noreferrer nofollow ugc" target="_blank">out</a>',
    );
    expect(html).toContain(`<a href="${SITE}/story/a">in</a>`);
    expect(html).toContain('<a href="/about">rel</a>');
  });

  it("judges a link by its parsed origin, not by a prefix of the site's address (issue 39)", () => {
    const hostile = [
      `${SITE}@evil.example/landing`,
      `${SITE}.evil.example/`,
      "//evil.example/x",
      `${SITE.replace("https:", "http:")}/story/a`,
    ];
    for (const href of hostile) {
      const html = sanitizeStoryHtml(`<a href="${href}">x</a>`, SITE);
      expect(html, href).toContain('rel="noopener noreferrer nofollow ugc"');
    }
    // Written another way, the site's own origin is still the site.
    expect(sanitizeStoryHtml(`<a href="${SITE.toUpperCase()}/story/a">in</a>`, SITE)).not.toContain("nofollow");
  });

  it("keeps the formatting of a story", () => {
    const story =
      "<h2>I</h2><p><em>a</em> <strong>b</strong></p><blockquote><p>q</p><cite>c</cite></blockquote><ul><li>x</li></ul><ol><li>y</li></ol>";
    expect(sanitizeStoryHtml(story, SITE)).toBe(story);
  });
});

describe("htmlToText", () => {
  it("decodes entities and drops tags", () => {
    expect(htmlToText("Salt &#038; Ash")).toBe("Salt & Ash");
    expect(htmlToText("<p>&#8220;Don&#8217;t Answer&#8221;</p>")).toBe("“Don’t Answer”");
    expect(htmlToText("<script>x()</script><b>bold</b> text")).toBe("bold text");
  });
});
