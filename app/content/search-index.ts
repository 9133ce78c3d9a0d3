// What a search of the stories reads in the database (docs/decisions/054): each own post's
// `searchText` and each synced copy's `text`, the story's title, summary or excerpt and text as
// plain text, folded (app/site/search-text.ts): "noel" finds "Noël", "strasse" finds "Straße", and
// the markup of a story's HTML ("class", "href") is no word of it. Written with every change of
// what it holds (and by the seed script, hence the plain relative imports); the rows a migration
// left empty are filled when the server starts (search-index.server.ts).
import { foldForSearch } from "../site/search-text.ts";
import { htmlToText } from "./html-text.ts";

/** An own post's search text, from the fields a post row holds. */
export function postSearchText(post: {
  title: string;
  summary?: string | null;
  excerpt?: string | null;
  content: string;
}): string {
  return foldForSearch(
    [post.title, post.summary || htmlToText(post.excerpt ?? ""), htmlToText(post.content)].join("\n"),
  );
}

/** A synced copy's search text: what WordPress's own search covers (title, excerpt and text). */
export function syncedSearchText(post: {
  title: { rendered: string };
  excerpt: { rendered: string };
  content: { rendered: string };
}): string {
  return foldForSearch(
    [htmlToText(post.title.rendered), htmlToText(post.excerpt.rendered), htmlToText(post.content.rendered)].join("\n"),
  );
}
