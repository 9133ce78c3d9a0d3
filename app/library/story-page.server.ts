// What a story page needs besides the story, for every page that reads one
// (/story/{slug}, /reader/{slug}, /community-story/{slug}): the text as
// blocks, the reading time, and a signed-in reader's shelf and position.
import { data, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { prisma } from "~/db.server";
import { responsiveImage } from "~/images/image-url.server";
import { imageService } from "~/images/images.server";
import { blocksForData } from "~/library/document-story-text.server";
import { getPosition, shelvesOf, takenDownSlugs } from "~/library/library.server";
import { publicPageHeaders } from "~/site/cache-policy";
import { takenDownResponse, wasTakenDown } from "~/stories/take-down.server";
import { CLIENT_HINT_HEADERS, connectionHint, prefersLowData } from "~/utils/client-hints.server";
import { DESCRIPTION_MAX, firstWords } from "~/utils/text";
import { storyBlocks } from "../content/paragraphs.server";
import { readingMinutes, type Story, type StorySummary } from "../content/story";

export async function storyPageData(
  request: Request,
  story: Story,
  neighbours: { previous: StorySummary | null; next: StorySummary | null } = { previous: null, next: null },
  /** The request's context: in a document the blocks stay out of the hydration data (document-story-text.tsx). */
  context?: Readonly<RouterContextProvider>,
) {
  const user = await getOptionalUser(request);
  const slug = story.slug;
  // Only a signed-in reader's page (private, never cached) carries their shelf and position.
  const [shelves, position] = user
    ? await Promise.all([shelvesOf(user.id, [slug]), getPosition(user.id, slug)])
    : [null, null];
  const { contentHtml, image, ...rest } = story;
  const responsive = image ? responsiveImage(image) : null;
  const preview = responsive && image ? await imageService().preview(image.src) : null;
  const blocks = story.protected ? [] : storyBlocks(contentHtml);
  return {
    // Only the page's description reads the excerpt: what search results show of it, no more.
    story: { ...rest, excerpt: firstWords(rest.excerpt.replace(/\s+/g, " ").trim(), DESCRIPTION_MAX) },
    image: responsive && preview ? { ...responsive, preview } : responsive,
    blocks: blocksForData(blocks, context),
    minutes: readingMinutes(contentHtml),
    previous: neighbours.previous,
    next: neighbours.next,
    lowData: prefersLowData(request),
    /** How the hero image is shown (docs/decisions/027): from the connection hints. */
    // "Show the full image" links here with ?image=full.
    connection: new URL(request.url).searchParams.get("image") === "full" ? ("fast" as const) : connectionHint(request),
    reader: user
      ? {
          /** Who the page is for: the position it saves as the reader reads names them (library-api.server.ts). */
          id: user.id,
          shelf: shelves?.[slug] ?? null,
          position: position
            ? { ...position, paragraph: Math.min(position.paragraph, Math.max(0, blocks.length - 1)) }
            : null,
        }
      : null,
  };
}

/**
 * The answer for a story no source has: a community story that readers could read and that was
 * taken down is 410 Gone for everyone, saying so (its address was public: bookmarks, links;
 * docs/decisions/060); another story (an own post unpublished) is 410 for a reader who had it on a
 * shelf or a place in it; anyone else gets the usual 404, so a draft's address says nothing.
 */
export async function missingStory(request: Request, slug: string) {
  const notFound = data({ message: "No story has this address." }, { status: 404 });
  if (await wasTakenDown(slug)) return takenDownResponse();
  const user = await getOptionalUser(request);
  if (!user) return notFound;
  const [shelved, placed] = await Promise.all([
    prisma.bookmark.count({ where: { userId: user.id, storySlug: slug } }),
    prisma.readingPosition.count({ where: { userId: user.id, storySlug: slug } }),
  ]);
  if ((!shelved && !placed) || !(await takenDownSlugs([slug])).size) return notFound;
  return takenDownResponse();
}

export type StoryPageData = Awaited<ReturnType<typeof storyPageData>>;

export function storyPageHeaders(request: Request): HeadersInit {
  return { ...publicPageHeaders(request), ...CLIENT_HINT_HEADERS, Vary: "Cookie, Save-Data, ECT, Downlink" };
}
