import { Link } from "react-router";
import { LINK_PREFETCH } from "~/utils/connection";

/** Page links that need no JavaScript. */
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
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className="btn" prefetch={LINK_PREFETCH}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className="btn" prefetch={LINK_PREFETCH}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
