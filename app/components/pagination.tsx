// Numbered page links for every paged list (docs/decisions/061): previous and next, the first and
// last pages, the current page and its neighbours, and an ellipsis for each run of pages left out.
// Plain links: they work without JavaScript. The page's address is app/site/list-query.ts's rule.
import { Link } from "react-router";
import { LINK_PREFETCH } from "~/utils/connection";

/** What the row shows: page numbers, and `gap-N` where a run of two or more pages after page N is left out. */
export type PageToken = number | `gap-${number}`;

/**
 * The pages shown around `page` of `pages`: the first, the last, the current one and `siblings`
 * either side. A run of exactly one left-out page shows that page (an ellipsis standing for one
 * number takes as much room and says less).
 */
export function pageTokens(page: number, pages: number, siblings: number): PageToken[] {
  const shown = new Set([1, pages]);
  for (let n = page - siblings; n <= page + siblings; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const tokens: PageToken[] = [];
  for (const [i, n] of sorted.entries()) {
    const before = sorted[i - 1];
    if (before !== undefined && n - before === 2) tokens.push(before + 1);
    else if (before !== undefined && n - before > 2) tokens.push(`gap-${before}`);
    tokens.push(n);
  }
  return tokens;
}

/** One row of page links (the cells' look: .pager-cell in app/styles/pager.css). */
function PageRow({
  tokens,
  page,
  hrefFor,
  className,
}: {
  tokens: PageToken[];
  page: number;
  hrefFor: (page: number) => string;
  className: string;
}) {
  return (
    <ol className={className}>
      {tokens.map((token) =>
        typeof token === "string" ? (
          <li key={token} aria-hidden="true" className="pager-cell border-0 text-muted">
            …
          </li>
        ) : (
          <li key={token}>
            <Link
              to={hrefFor(token)}
              aria-current={token === page ? "page" : undefined}
              aria-label={`Page ${token}`}
              className="pager-cell"
              prefetch={token === page ? undefined : LINK_PREFETCH}
            >
              {token}
            </Link>
          </li>
        ),
      )}
    </ol>
  );
}

/** A list's page links; nothing when the list has one page. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = "Pagination",
}: {
  /** The navigation's name; a page with two paginated lists names each. */
  label?: string;
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  // The arrows' names are whole on every screen ("Previous page"); a phone shows only the arrow.
  return (
    <nav aria-label={label} className="pager">
      <p className="pager-count">
        Page {page} of {totalPages}
      </p>
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          rel="prev"
          aria-label="Previous page"
          className="pager-cell"
          prefetch={LINK_PREFETCH}
        >
          ‹<span className="pager-word">&nbsp;Previous</span>
        </Link>
      ) : null}
      {/* A phone's row holds the first, current and last pages; a wider screen the neighbours too. */}
      <PageRow tokens={pageTokens(page, totalPages, 0)} page={page} hrefFor={hrefFor} className="pager-narrow" />
      <PageRow tokens={pageTokens(page, totalPages, 1)} page={page} hrefFor={hrefFor} className="pager-wide" />
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" aria-label="Next page" className="pager-cell" prefetch={LINK_PREFETCH}>
          <span className="pager-word">Next&nbsp;</span>›
        </Link>
      ) : null}
    </nav>
  );
}
