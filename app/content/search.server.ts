// The search page's data (/search): the stories whose title, summary, excerpt or
// text hold the words, through the content chain (so every source is searched
// the same way), with the signed-in reader's shelves, and, when nothing is
// found, the categories to browse instead.
import { redirect } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { listShelves } from "~/library/library.server";
import { readPage, settlePages } from "~/site/list-query";
import { cleanSearchText } from "~/site/search-text";
import { contentChain } from "./content.server";
import { SEARCH_PER_PAGE, SEARCH_QUERY_MAX } from "./search";

export async function loadSearch(request: Request) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("q");
  // The words as searched for and shown (no control character reaches the page or its title).
  const text = cleanSearchText(raw);
  // An empty search box goes to /search itself.
  if (raw !== null && text === "") throw redirect("/search");
  const q = text.slice(0, SEARCH_QUERY_MAX).trim() || null;
  if (!q)
    return { q: null, shortened: false, stories: [], total: 0, page: 1, pages: 1, shelves: undefined, categories: [] };
  const asked = readPage(params.get("page"));
  const [result, user] = await Promise.all([
    contentChain.listStories({ search: q, perPage: SEARCH_PER_PAGE, page: asked }),
    getOptionalUser(request),
  ]);
  // A page past the end is a redirect to the last one (list-query.ts). WordPress answers such a
  // page with nothing, not its count: then page 1 of the same search tells how many there are.
  const { page, pages } = settlePages(request, {
    page: asked,
    pages:
      asked > result.totalPages && result.total === 0
        ? (await contentChain.listStories({ search: q, perPage: SEARCH_PER_PAGE })).totalPages
        : result.totalPages,
  });
  // A search that finds nothing is no dead end: the categories to browse instead.
  const categories = result.total === 0 ? (await contentChain.listTerms()).categories : [];
  return {
    q,
    // Said on the page: the reader typed more than was searched for.
    shortened: text.length > SEARCH_QUERY_MAX,
    stories: result.stories,
    total: result.total,
    page,
    pages,
    shelves: await listShelves(user, result.stories),
    categories,
  };
}
