// The library's "Take a shelf with you" (docs/decisions/042): a plain link a
// shelf, the same with and without JavaScript. A chunk of its own that the
// server renders in place and the page hydrates once it is in, with the offline
// worker's start: the library's own JavaScript stays as it was before downloads.
import { useEffect } from "react";
import { LIBRARY_PATH, SHELF_LABELS, SHELVES, type Shelf } from "~/library/shelves";

export default function ShelfDownloads({ counts }: { counts: Record<Shelf, number> }) {
  // The library and its saved stories open offline.
  useEffect(() => void import("~/offline/register.client").then((m) => m.startWhenReaderIsReady()), []);
  const shelves = SHELVES.filter((shelf) => counts[shelf] > 0);
  if (!shelves.length) return null;
  return (
    <section aria-labelledby="shelf-downloads" className="mt-12 border-t border-line pt-6">
      <h2 id="shelf-downloads" className="font-serif text-xl font-bold">
        Take a shelf with you
      </h2>
      <p className="mt-1 text-sm text-muted">One EPUB a shelf, with a chapter for each story.</p>
      <ul className="mt-2 flex flex-wrap gap-4">
        {shelves.map((shelf) => (
          <li key={shelf}>
            <a href={`${LIBRARY_PATH}/download/${shelf}`} download>
              Download {SHELF_LABELS[shelf]} as EPUB
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
