// The library's JSON API (for the enhanced client): /api/bookmarks and
// /api/reading-position. Anonymous readers get a 401 JSON answer, errors carry
// the §8 codes, every request is rate-limited per client and the CSRF check
// of the root middleware runs before any of this.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { recordReadingEvent } from "~/analytics/record.server";
import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, type RateLimitRule } from "~/auth/rate-limit.server";
import type { SessionUser } from "~/auth/session.server";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import { pageParam, slugParam } from "~/utils/params";
import {
  getPosition,
  LibraryError,
  listLibrary,
  removeFromLibrary,
  savePosition,
  shelveStory,
  shelvesOf,
} from "./library.server";
import { ParagraphSchema, PositionSchema, ShelfSchema, StorySlugSchema } from "./shelf-schemas";
import { LIBRARY_SORTS, type LibrarySort } from "./shelves";

/** A reader saves a position every few seconds while reading; 600 an hour leaves room for that and stops floods. */
export const LIBRARY_API_LIMIT: RateLimitRule = { limit: 600, windowMs: 60 * 60_000 };

const NO_STORE = { "Cache-Control": "private, no-store" };

type Context = Readonly<RouterContextProvider>;

/** The signed-in reader of an API request, after its rate limit; else a 401 JSON answer. */
async function apiUser(request: Request, context: Context): Promise<SessionUser> {
  await enforceRateLimit(`library:${clientAddress(context)}`, LIBRARY_API_LIMIT, { json: true });
  const user = await getOptionalUser(request);
  if (!user) throw jsonError("Sign in to use your library.", 401, NO_STORE);
  return user;
}

/** The library's 4xx errors become JSON errors with the same message. */
async function asJson(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LibraryError) return jsonError(error.message, error.status, NO_STORE);
    throw error;
  }
}

const firstIssue = (error: z.ZodError) => issueMessage(error, "Invalid request.");

const ShelveBody = z.object({ slug: StorySlugSchema, shelf: ShelfSchema.default("bookmarked") });
const RemoveBody = z.object({ slug: StorySlugSchema });
const PositionBody = PositionSchema.pick({ slug: true }).extend({
  paragraph: ParagraphSchema,
  /** The reader the sending page was built for (the story page sends it; other clients may leave it out). */
  reader: z.string({ error: "Send the reader's id as a string." }).max(100).optional(),
});

/** GET /api/bookmarks?shelf&category&sort&page: the reader's library, as /bookmarks shows it. */
export async function apiListBookmarks(request: Request, context: Context) {
  const user = await apiUser(request, context);
  return asJson(async () => {
    const url = new URL(request.url);
    const shelf = url.searchParams.get("shelf");
    const sort = url.searchParams.get("sort") ?? "-added";
    if (shelf && !ShelfSchema.safeParse(shelf).success)
      return jsonError("shelf must be bookmarked, read-later, reading or finished.", 400);
    if (!(LIBRARY_SORTS as readonly string[]).includes(sort))
      return jsonError("sort must be -added, added or title.", 400);
    const library = await listLibrary(user.id, {
      shelf: (shelf || undefined) as z.infer<typeof ShelfSchema> | undefined,
      category: slugParam(url, "category"),
      sort: sort as LibrarySort,
      page: pageParam(url),
    });
    return Response.json(library, { headers: NO_STORE });
  });
}

/** GET /api/bookmarks/{slug}: the story's shelf, or 404 when it is not in the library. */
export async function apiGetBookmark(request: Request, context: Context, slug: string) {
  const user = await apiUser(request, context);
  if (!StorySlugSchema.safeParse(slug).success) return jsonError("No story has this address.", 404, NO_STORE);
  const shelves = await shelvesOf(user.id, [slug]);
  const shelf = shelves[slug];
  if (!shelf) return jsonError("This story is not in your library.", 404, NO_STORE);
  return Response.json({ slug, shelf }, { headers: NO_STORE });
}

/** POST or PUT /api/bookmarks { slug, shelf }; DELETE /api/bookmarks { slug } (the answer carries what Undo needs). */
export async function apiChangeBookmark(request: Request, context: Context) {
  const user = await apiUser(request, context);
  const method = request.method.toUpperCase();
  const body = await readJsonBody(request);
  return asJson(async () => {
    if (method === "DELETE") {
      const parsed = RemoveBody.safeParse(body);
      if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
      const removed = await removeFromLibrary(user.id, parsed.data.slug);
      if (!removed) return jsonError("This story is not in your library.", 404, NO_STORE);
      return Response.json(
        { removed: { ...removed, added: new Date(removed.added).toISOString() } },
        { headers: NO_STORE },
      );
    }
    const parsed = ShelveBody.safeParse(body);
    if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
    const bookmark = await shelveStory(user.id, parsed.data.slug, parsed.data.shelf);
    return Response.json({ bookmark }, { headers: NO_STORE });
  });
}

/** GET /api/reading-position/{slug}: where the reader stopped, or 404. */
export async function apiGetPosition(request: Request, context: Context, slug: string) {
  const user = await apiUser(request, context);
  if (!StorySlugSchema.safeParse(slug).success) return jsonError("No story has this address.", 404, NO_STORE);
  const position = await getPosition(user.id, slug);
  if (!position) return jsonError("No reading position is saved for this story.", 404, NO_STORE);
  return Response.json({ position }, { headers: NO_STORE });
}

/** POST or PUT /api/reading-position { slug, paragraph }: saves the position (the end of a story finishes it). */
export async function apiSavePosition(request: Request, context: Context) {
  const user = await apiUser(request, context);
  const body = await readJsonBody(request);
  const parsed = PositionBody.safeParse(body);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  // A page of another reader (the session changed behind it) saves nothing in this reader's library.
  if (parsed.data.reader !== undefined && parsed.data.reader !== user.id)
    return jsonError("Another reader is signed in now: this place was not saved.", 409, NO_STORE);
  return asJson(async () => {
    const position = await savePosition(user.id, parsed.data.slug, parsed.data.paragraph);
    // The reading-time figures, only with analytics consent (docs/decisions/023).
    await recordReadingEvent(request, context, position);
    return Response.json({ position }, { headers: NO_STORE });
  });
}
