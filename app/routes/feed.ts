import { encodeXML } from "entities";
import { contentChain } from "~/content/content.server";
import { env } from "~/env.server";
import { SITE } from "~/utils/site";

/** GET /feed.xml: RSS 2.0 of the latest stories, from the same chain as the pages. */
export async function loader() {
  const { stories } = await contentChain.listStories({ perPage: 20 });
  const origin = env.SITE_URL.replace(/\/$/, "");
  const items = stories
    .map((story) => {
      const link = `${origin}/story/${encodeURIComponent(story.slug)}`;
      return `<item><title>${encodeXML(story.title)}</title><link>${encodeXML(link)}</link><guid isPermaLink="true">${encodeXML(link)}</guid><pubDate>${new Date(story.date).toUTCString()}</pubDate><description>${encodeXML(story.excerpt)}</description></item>`;
    })
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${encodeXML(SITE.name)}</title><link>${encodeXML(`${origin}/`)}</link><atom:link href="${encodeXML(`${origin}/feed.xml`)}" rel="self" type="application/rss+xml"/><description>${encodeXML(SITE.description)}</description><language>en-us</language>${items}</channel></rss>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
