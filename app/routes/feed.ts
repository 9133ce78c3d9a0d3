import { encodeXML } from "entities";
import { contentChain } from "~/content/content.server";
import { stripControlCharacters } from "~/content/html.server";
import { env } from "~/env.server";
import { SITE } from "~/utils/site";
import { storyPath } from "~/utils/story-paths";

/** Text as XML character data: escaped, and without the characters XML 1.0 forbids (one makes the whole feed unreadable). */
const xmlText = (text: string) => encodeXML(stripControlCharacters(text));

/** GET /feed.xml: RSS 2.0 of the latest stories, from the same chain as the pages. */
export async function loader() {
  const { stories } = await contentChain.listStories({ perPage: 20 });
  const origin = env.SITE_URL.replace(/\/$/, "");
  const items = stories
    // A default post (an invalid remote item) has no page to link to.
    .filter((story) => !story.placeholder)
    .map((story) => {
      // A community story's own page (/story/{slug} answers it with a 301).
      const link = `${origin}${storyPath({ ...story, slug: encodeURIComponent(story.slug) })}`;
      return `<item><title>${xmlText(story.title)}</title><link>${xmlText(link)}</link><guid isPermaLink="true">${xmlText(link)}</guid><pubDate>${new Date(story.date).toUTCString()}</pubDate><description>${xmlText(story.excerpt)}</description></item>`;
    })
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xmlText(SITE.name)}</title><link>${xmlText(`${origin}/`)}</link><atom:link href="${xmlText(`${origin}/feed.xml`)}" rel="self" type="application/rss+xml"/><description>${xmlText(SITE.description)}</description><language>en-us</language>${items}</channel></rss>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
