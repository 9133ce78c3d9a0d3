// A story's text as the blocks a reading position counts: its top-level
// paragraphs, headings, quotes and figures, each rendered with an anchor
// (#p-N) so a reader can come back to the exact place, with or without
// JavaScript. The HTML is already sanitised (html.server.ts).
import render from "dom-serializer";
import { type ChildNode, isTag } from "domhandler";
import { parseDocument } from "htmlparser2";

const BLOCK_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "figure",
  "ul",
  "ol",
  "pre",
  "table",
  "hr",
  "div",
  "section",
]);

const isBlock = (node: ChildNode) => node.type === "tag" && BLOCK_TAGS.has(node.name);
const isBlank = (node: ChildNode) =>
  (node.type === "text" && node.data.trim() === "") || node.type === "comment" || node.type === "directive";

const isEmptyParagraph = (inner: string) => !inner.includes("<img") && inner.replace(/&nbsp;|&#160;|\s/g, "") === "";

/**
 * The class the inlined stylesheet keys a story's headings and quotations on (app/styles/shell-base.css).
 * The page's own h2s (downloads, consent) stand before site.css too, so a rule on `h2` would travel in
 * every story's document; this class is there only when the story has one (server/page-css.ts).
 * Added after sanitising, which drops every class the source wrote.
 */
const MARKED: Record<string, string> = {
  h2: "story-heading",
  h3: "story-heading",
  h4: "story-heading",
  blockquote: "story-quote",
  // A writer's lists, tables, preformatted lines and code (Markdown's, and WordPress's): the
  // preflight of Tailwind took their bullets, borders and spacing, and a long line of a <pre>
  // pushed a phone's page sideways.
  ul: "story-list",
  ol: "story-list",
  table: "story-table",
  pre: "story-pre",
  code: "story-code",
  hr: "story-rule",
};

function mark(nodes: ChildNode[], inPre = false) {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    const name = MARKED[node.name];
    // Code inside a <pre> is the <pre>'s: it takes no box of its own.
    if (name && !(inPre && node.name === "code")) node.attribs.class = name;
    mark(node.children, inPre || node.name === "pre");
  }
}

/** The top-level blocks of a story's HTML; loose text and inline elements between blocks make one block. */
export function storyBlocks(html: string): string[] {
  const document = parseDocument(html, { decodeEntities: false });
  mark(document.children);
  const blocks: string[] = [];
  let loose: ChildNode[] = [];
  const flushLoose = () => {
    if (loose.some((n) => !isBlank(n))) blocks.push(`<p>${render(loose, { decodeEntities: false }).trim()}</p>`);
    loose = [];
  };
  for (const node of document.children) {
    if (isBlock(node)) {
      flushLoose();
      // An empty paragraph (WordPress leaves some) is no place to stop at.
      if (
        node.type === "tag" &&
        node.name === "p" &&
        isEmptyParagraph(render(node.children, { decodeEntities: false }))
      )
        continue;
      blocks.push(render(node, { decodeEntities: false }));
    } else {
      loose.push(node);
    }
  }
  flushLoose();
  return blocks;
}
