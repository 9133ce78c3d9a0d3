import { describe, expect, it } from "vitest";
import { storyBlocks } from "./paragraphs.server";

describe("storyBlocks", () => {
  it("splits the top-level blocks and keeps their markup", () => {
    expect(storyBlocks("<p>One &amp; <em>two</em></p>\n<h2>Part</h2><blockquote><p>Q</p></blockquote><hr>")).toEqual([
      "<p>One &amp; <em>two</em></p>",
      '<h2 class="story-heading">Part</h2>',
      '<blockquote class="story-quote"><p>Q</p></blockquote>',
      '<hr class="story-rule">',
    ]);
  });

  it("gathers loose text and inline elements into one paragraph", () => {
    expect(storyBlocks("Loose <strong>text</strong> here<p>Then a paragraph</p>tail")).toEqual([
      "<p>Loose <strong>text</strong> here</p>",
      "<p>Then a paragraph</p>",
      "<p>tail</p>",
    ]);
  });

  it("skips empty paragraphs and whitespace", () => {
    expect(storyBlocks("<p>&nbsp;</p>\n\n<p>Real</p><p> </p>")).toEqual(["<p>Real</p>"]);
    expect(storyBlocks("")).toEqual([]);
  });

  it("marks headings (h2-h4) and quotations, nested ones too, for the inlined stylesheet's rules", () => {
    expect(storyBlocks("<div><h3>A</h3><h4>B</h4><h5>C</h5></div><figure><blockquote>Q</blockquote></figure>")).toEqual(
      [
        '<div><h3 class="story-heading">A</h3><h4 class="story-heading">B</h4><h5>C</h5></div>',
        '<figure><blockquote class="story-quote">Q</blockquote></figure>',
      ],
    );
  });

  it("marks lists, tables, preformatted text, code and rules, but not the code of a <pre>", () => {
    expect(
      storyBlocks(
        "<ul><li>a<ol><li>b</li></ol></li></ul><table><tr><td>c</td></tr></table><pre><code>d</code></pre><p><code>e</code></p><hr>",
      ),
    ).toEqual([
      '<ul class="story-list"><li>a<ol class="story-list"><li>b</li></ol></li></ul>',
      '<table class="story-table"><tr><td>c</td></tr></table>',
      '<pre class="story-pre"><code>d</code></pre>',
      '<p><code class="story-code">e</code></p>',
      '<hr class="story-rule">',
    ]);
  });
});
