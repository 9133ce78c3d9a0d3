import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { NotificationBell } from "~/notifications/notification-bell";
import { ThemeToggle } from "~/theme/theme-toggle";
import { AccountMenu, type ShellUser } from "./account-menu";
import { MenuIcon, SearchIcon } from "./icons";
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
  // site-header: not shown until <main> follows it (app.css), so a header painted in part
  // never moves as the rest arrives.
  return (
    <header className="site-header border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Tooltip label="Open menu">
          <button type="button" popoverTarget={SIDEBAR_ID} className="btn px-2 md:hidden" aria-label="Open menu">
            <MenuIcon />
          </button>
        </Tooltip>
        <Link to="/" prefetch="intent" className="font-serif text-xl font-bold text-ink no-underline">
          Horror Stories
        </Link>
        <nav aria-label="Main" className="order-last w-full md:order-none md:w-auto">
          <ul className="flex flex-wrap gap-x-1">
            {HEADER_LINKS.map((link) => {
              const current = isCurrent(link.to, location.pathname);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    prefetch="intent"
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
        {/* Wraps at 320 px with wide text spacing (WCAG 1.4.10, 1.4.12): nothing may stick out. */}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <Form
            method="get"
            action="/search"
            role="search"
            aria-label="Site"
            className="flex items-center"
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
            <input
              id="site-search"
              type="search"
              name="q"
              defaultValue={searchParams.get("q") ?? ""}
              placeholder="Search stories"
              className="w-32 rounded-l border border-line bg-bg px-2 py-2 text-ink placeholder:text-muted sm:w-48"
            />
            <Tooltip label="Search">
              <button type="submit" className="btn rounded-l-none px-2" aria-label="Search">
                <SearchIcon />
              </button>
            </Tooltip>
          </Form>
          <NotificationBell
            signedIn={user !== null}
            unread={notifications?.unread ?? 0}
            wantsNewStories={notifications?.wantsNewStories ?? true}
          />
          <ThemeToggle />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <Link to="/auth" className="btn btn-primary">
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
