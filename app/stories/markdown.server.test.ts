import { describe, expect, test } from "vitest";
import { sanitizeStoryHtml } from "~/content/html.server";
import { renderStoryMarkdown } from "./markdown.server";

const SITE = "https://horror.test";

describe("submitted Markdown against hostile input", () => {
  test("ordinary Markdown becomes story HTML", () => {
    const html = renderStoryMarkdown("# The cellar\n\nIt was *cold*, and **dark**.\n\n> a whisper", SITE);
    expect(html).toContain("<h2>The cellar</h2>");
    expect(html).toContain("<p>It was <em>cold</em>, and <strong>dark</strong>.</p>");
    expect(html).toContain("<blockquote>");
  });

  test("a script tag is text, never a script", () => {
    const html = renderStoryMarkdown('Before <script>alert("x")</script> after', SITE);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;");
  });

  test("raw HTML is shown as written, not parsed", () => {
    const html = renderStoryMarkdown('<div class="x"><iframe src="https://evil.test"></iframe></div>', SITE);
    expect(html).not.toMatch(/<iframe|<div/i);
    expect(html).toContain("&lt;iframe");
  });

  test("an onerror attribute never reaches the page", () => {
    const html = renderStoryMarkdown('<img src=x onerror="alert(1)">\n\n![pic](https://img.test/a.png "t")', SITE);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    // A writer's image is a link the reader may open, never an image the page loads by itself.
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain(
      '<a href="https://img.test/a.png" rel="noopener noreferrer nofollow ugc" target="_blank">Image: pic (img.test)</a>',
    );
  });

  test("no link or image of the site's own API or sign-out: an image of the logout signed every reader out", () => {
    for (const url of [
      "/api/auth/logout",
      "https://horror.test/api/auth/logout",
      "/%61pi/auth/logout",
      "/logout",
      "/API/bookmarks",
    ]) {
      const html = renderStoryMarkdown(`![lantern](${url})\n\n[Continue reading](${url})`, SITE);
      expect(html, url).not.toMatch(/href=|src=/);
      expect(html, url).toContain("Continue reading");
    }
    // The same sanitiser takes a remote post's HTML: an <img> of the site's logout goes there too.
    expect(sanitizeStoryHtml('<p><img src="https://horror.test/api/auth/logout" alt="x">Text</p>', SITE)).toBe(
      "<p>Text</p>",
    );
    // Other pages of the site stay links.
    expect(renderStoryMarkdown("[the index](/stories)", SITE)).toContain('<a href="/stories">the index</a>');
  });

  test("javascript:, data: and vbscript: links lose their target", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:msgbox(1)",
    ]) {
      const html = renderStoryMarkdown(`[click](${href}) and <${href}>`, SITE);
      expect(html, href).not.toMatch(/href="(javascript|data|vbscript):/i);
    }
    const encoded = renderStoryMarkdown("[x](jav&#x61;script:alert(1))", SITE);
    expect(encoded).not.toMatch(/href="[^"]*script:/i);
  });

  test("outside links are marked as user content", () => {
    const html = renderStoryMarkdown("[a site](https://elsewhere.test/page)", SITE);
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  test("control characters are dropped", () => {
    expect(renderStoryMarkdown("a\u0000b\u0007c", SITE)).toBe("<p>abc</p>\n");
  });
});
