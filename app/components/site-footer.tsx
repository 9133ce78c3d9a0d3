import { Link } from "react-router";
import { LINK_PREFETCH } from "~/utils/connection";

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted">
        <p>© {year} Horror Stories. All stories are original and protected.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to="/privacy" prefetch={LINK_PREFETCH}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/contact" prefetch={LINK_PREFETCH}>
                Contact
              </Link>
            </li>
            <li>
              {/* Without JavaScript this plain anchor is the way back up; with it, a floating button appears too. */}
              <a href="#top">Back to top</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
