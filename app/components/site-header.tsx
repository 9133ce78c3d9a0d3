import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { NotificationBell } from "~/notifications/notification-bell";
import { cleanSearchText } from "~/site/search-text";
import { ThemeToggle } from "~/theme/theme-toggle";
import { LINK_PREFETCH } from "~/utils/connection";
import { AccountMenu, type ShellUser } from "./account-menu";
import { MenuIcon, SearchIcon, SignInIcon } from "./icons";
import { HEADER_LINKS, isCurrent } from "./navigation";
import { SIDEBAR_ID } from "./sidebar";
import { Tooltip } from "./tooltip";

export function SiteHeader({
  user,
  notifications,
}: {
  user: ShellUser | null;
  notifications: { unread: number; wantsNewStories: boolean } | null;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The box holds the words of the search shown, on /search only: an admin list's ?q= (users,
  // feedback) is not a search of the stories.
  const searchText = location.pathname === "/search" ? cleanSearchText(searchParams.get("q")) : "";
  // site-header: not shown until <main> follows it (app.css), so a header painted in part
  // never moves as the rest arrives. One row at every width (issue 40): app.css shows the
  // links, the search box, the theme toggle and the account name only where the header's
  // own width has room for them (a container query: from 768 px the sidebar takes 16rem
  // beside it). Folded away, the links are in the sidebar sheet, the theme in its Reading
  // group, and the search box behind a link to /search, whose page has the same form.
  return (
    <header id="site-header" tabIndex={-1} className="site-header border-b border-line bg-surface focus:outline-none">
      <div className="site-header-row mx-auto max-w-6xl">
        <Tooltip label="Open menu">
          <button type="button" popoverTarget={SIDEBAR_ID} className="btn icon-btn md:hidden" aria-label="Open menu">
            <MenuIcon />
          </button>
        </Tooltip>
        <Link to="/" prefetch={LINK_PREFETCH} className="site-brand font-serif font-bold text-ink no-underline">
          Horror Stories
        </Link>
        <nav aria-label="Main" className="header-links">
          <ul className="flex gap-x-1">
            {HEADER_LINKS.map((link) => {
              const current = isCurrent(link.to, location.pathname);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    prefetch={LINK_PREFETCH}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded px-2 py-2 no-underline ${current ? "font-semibold text-accent" : "text-ink"}`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-tools">
          <Form
            method="get"
            action="/search"
            role="search"
            aria-label="Site"
            className="header-search-box"
            onSubmit={(event) => {
              // An empty box goes to /search itself, not /search?q=.
              const q = new FormData(event.currentTarget).get("q");
              if (typeof q === "string" && q.trim() === "") {
                event.preventDefault();
                navigate("/search");
              }
            }}
          >
            <label htmlFor="site-search" className="sr-only">
              Search stories
            </label>
            {/* The words as /search reads them (no control character in the page), and keyed by
                them: after Back the box holds the search of the page shown. */}
            <input
              key={searchText}
              id="site-search"
              type="search"
              name="q"
              defaultValue={searchText}
              placeholder="Search stories"
              className="w-40 rounded-l border border-line bg-bg px-2 py-2 text-ink placeholder:text-muted"
            />
            <Tooltip label="Search">
              <button type="submit" className="btn rounded-l-none px-2" aria-label="Search">
                <SearchIcon />
              </button>
            </Tooltip>
          </Form>
          <Tooltip label="Search">
            <Link to="/search" prefetch={LINK_PREFETCH} className="btn icon-btn header-search-link" aria-label="Search">
              <SearchIcon />
            </Link>
          </Tooltip>
          <NotificationBell
            signedIn={user !== null}
            unread={notifications?.unread ?? 0}
            wantsNewStories={notifications?.wantsNewStories ?? true}
          />
          <div className="header-theme">
            <ThemeToggle />
          </div>
          {user ? (
            <AccountMenu user={user} />
          ) : (
            // In larger text on a narrow phone the words give way to an icon (app.css), so the
            // header stays one row; the link's name stays "Sign In".
            <Link to="/auth" className="btn btn-primary sign-in" aria-label="Sign In">
              <span className="sign-in-label">Sign In</span>
              <SignInIcon className="sign-in-icon" />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
