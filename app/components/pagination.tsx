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

const CELL =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 font-semibold no-underline tabular-nums";
const LINK_CELL = `${CELL} border-line hover:bg-surface`;

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
    <ol className={`items-center gap-1 ${className}`}>
      {tokens.map((token) =>
        typeof token === "string" ? (
          <li key={token} aria-hidden="true" className="inline-flex h-9 w-5 items-center justify-center text-muted">
            …
          </li>
        ) : (
          <li key={token}>
            {token === page ? (
              <Link
                to={hrefFor(token)}
                aria-current="page"
                aria-label={`Page ${token}`}
                className={`${CELL} border-accent bg-accent text-accent-ink`}
              >
                {token}
              </Link>
            ) : (
              <Link to={hrefFor(token)} aria-label={`Page ${token}`} className={LINK_CELL} prefetch={LINK_PREFETCH}>
                {token}
              </Link>
            )}
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
  const arrow = `${LINK_CELL} gap-1`;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <p className="sr-only">
        Page {page} of {totalPages}
      </p>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={arrow} prefetch={LINK_PREFETCH}>
          <span aria-hidden="true">‹</span>
          <span className="max-sm:sr-only">Previous</span>
          <span className="sr-only"> page</span>
        </Link>
      ) : null}
      {/* A phone's row holds the first, current and last pages; a wider screen the neighbours too. */}
      <PageRow tokens={pageTokens(page, totalPages, 0)} page={page} hrefFor={hrefFor} className="flex sm:hidden" />
      <PageRow tokens={pageTokens(page, totalPages, 1)} page={page} hrefFor={hrefFor} className="hidden sm:flex" />
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={arrow} prefetch={LINK_PREFETCH}>
          <span className="max-sm:sr-only">Next</span>
          <span className="sr-only"> page</span>
          <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}
