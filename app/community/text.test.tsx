import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DiscussionText } from "./discussion-text";
import { breakLongWords, excerptBlocks, excerptOf, formatText, linkify, TEXT_LIMITS } from "./text";

const render = (text: string) => renderToStaticMarkup(<DiscussionText blocks={formatText(text)} />);

describe("discussion text against hostile input", () => {
  it("never lets markup through: script tags, event handlers and iframes are text", () => {
    const html = render('<script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="//evil"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("links only http(s) URLs: javascript:, data: and vbscript: stay text", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "java\tscript:alert(1)",
    ]) {
      const html = render(`click ${url} now`);
      expect(html, url).not.toContain("<a");
    }
    expect(linkify("http://")).toEqual([{ text: "http://" }]);
  });

  it('gives every link rel="ugc nofollow noopener" and its address as written', () => {
    const html = render("Read https://example.com/a?b=1&c=2 and http://example.org/x.");
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="ugc nofollow noopener"');
    expect(html).toContain('<a href="http://example.org/x" rel="ugc nofollow noopener"');
    // The sentence's full stop is not part of the link.
    expect(html).toContain("http://example.org/x</a>.");
  });

  it("cannot break out of the href: quotes and angle brackets end a URL", () => {
    const html = render('https://example.com/"onmouseover="alert(1) https://example.com/<script>');
    expect(html).toContain('href="https://example.com/"');
    expect(html).not.toMatch(/href="[^"]*onmouseover/);
    expect(html).not.toContain("<script");
  });

  it("keeps a balanced closing parenthesis in a URL and drops an unbalanced one", () => {
    expect(linkify("(see https://en.wikipedia.org/wiki/Gothic_(novel))")).toEqual([
      { text: "(see " },
      { text: "https://en.wikipedia.org/wiki/Gothic_(novel)", href: "https://en.wikipedia.org/wiki/Gothic_(novel)" },
      { text: ")" },
    ]);
  });

  it("shows HTML entities as typed, escaped once", () => {
    const html = render("Salt &#038; Ash &amp; &lt;b&gt; &quot;");
    expect(html).toContain("Salt &amp;#038; Ash &amp;amp; &amp;lt;b&amp;gt; &amp;quot;");
    expect(html).not.toContain("<b>");
  });

  it("breaks very long words so they cannot widen the page, and keeps every letter", () => {
    const word = "a".repeat(5000);
    const html = render(word);
    expect(html.match(/<wbr\/>/g)?.length).toBe(Math.ceil(5000 / 30) - 1);
    expect(html.replaceAll("<wbr/>", "")).toContain(word);
    expect(breakLongWords("short words stay")).toEqual(["short words stay"]);
  });

  it("makes paragraphs, line breaks and > quote blocks, and caps their number", () => {
    expect(render("one\ntwo\n\n> quoted\n> more\n\nthree")).toBe(
      '<div class="space-y-3 [overflow-wrap:anywhere]"><p>one<br/>two</p><blockquote class="border-l-4 border-line pl-3 text-muted"><p>quoted<br/>more</p></blockquote><p>three</p></div>',
    );
    const many = Array.from({ length: 500 }, (_, i) => `p${i}`).join("\n\n");
    expect(formatText(many)).toHaveLength(TEXT_LIMITS.maxBlocks);
    const lines = Array.from({ length: 500 }, (_, i) => `l${i}`).join("\n");
    expect(formatText(lines)[0]?.lines).toHaveLength(TEXT_LIMITS.maxLines);
  });

  it("drops bidi overrides and zero-width characters, and normalises newlines", () => {
    expect(formatText("evil\u202egnp.exe\r\nok\u200b")).toEqual([
      { kind: "p", lines: [[{ text: "evilgnp.exe" }], [{ text: "ok" }]] },
    ]);
  });

  it("quotes a post's start with its paragraphs, line breaks and links, cut at a space", () => {
    const poem = "The bells ring\nat three\n\nhttps://example.com/bells";
    expect(excerptBlocks(poem)).toEqual(formatText(poem));
    const long = `${"word ".repeat(70)}https://example.com/x`;
    const blocks = excerptBlocks(long, 300);
    const line = blocks.at(-1)?.lines.at(-1) ?? [];
    expect(line.at(-1)).toEqual({ text: "…" });
    expect(line.map((i) => i.text).join("").length).toBeLessThanOrEqual(300);
    // A link cut in the middle is text, not a link to a cut address.
    const url = `https://example.com/${"a".repeat(400)}`;
    const cut = excerptBlocks(url, 300)[0]?.lines[0] ?? [];
    expect(cut.some((i) => "href" in i)).toBe(false);
    expect(cut.at(-1)).toEqual({ text: "…" });
    // A link that ends before the cut stays one.
    const before = excerptBlocks(`See https://example.com/a\n${"more words ".repeat(40)}`, 300);
    expect(before[0]?.lines[0]).toContainEqual({ text: "https://example.com/a", href: "https://example.com/a" });
  });

  it("makes short excerpts on one line", () => {
    expect(excerptOf("a\n\nb   c", 10)).toBe("a b c");
    expect(excerptOf("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
