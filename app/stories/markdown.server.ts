// Writers' Markdown to the HTML a story page shows: markdown-it with raw HTML
// off (a tag the writer types is shown as text, never parsed), then the SAME
// allow-list as WordPress content (app/content/html.server.ts), so a hostile
// submission is held to exactly what a hostile remote post is.
import MarkdownIt from "markdown-it";
import { sanitizeStoryHtml, stripControlCharacters } from "~/content/html.server";

const markdown = new MarkdownIt({
  html: false,
  linkify: false,
  typographer: true,
  breaks: false,
});

// A writer's headings sit under the story's own <h1> title: # becomes <h2>.
markdown.core.ruler.push("shift_headings", (state) => {
  for (const token of state.tokens) {
    if ((token.type === "heading_open" || token.type === "heading_close") && token.tag === "h1") token.tag = "h2";
  }
});

/**
 * A writer's image is a link to it, not an image the page loads by itself: a picture on any host
 * let its owner log every reader's (and the reviewing moderator's) address as the story opened,
 * and cost a reader on slow-2g bytes they did not choose (docs/decisions/014).
 */
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const src = String(token?.attrGet("src") ?? "");
  const alt = token?.children ? self.renderInlineAsText(token.children, options, env).trim() : "";
  const host = URL.parse(src)?.host;
  const text = `Image: ${alt || "untitled"}${host ? ` (${host})` : ""}`;
  return `<a href="${markdown.utils.escapeHtml(src)}">${markdown.utils.escapeHtml(text)}</a>`;
};

export function renderStoryMarkdown(source: string, siteOrigin?: string): string {
  return sanitizeStoryHtml(markdown.render(stripControlCharacters(source)), siteOrigin);
}
