import { useRef } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useDetailsDismiss } from "./dismiss";

export type ShellUser = { id: string; username: string; avatar: string | null; isAdmin: boolean };

/**
 * Sign out is a POST form (with its CSRF token); it works without JavaScript. The spec names it
 * "Sign Out" (§6, the sidebar's button beside its "Sign In") and "Logout" in the account menu (§2 Header).
 */
export function SignOutForm({ className, label = "Sign Out" }: { className?: string; label?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" className="btn w-full justify-center">
        {label}
      </button>
    </Form>
  );
}

/**
 * Profile, Settings, Logout (spec §2 Header), and the reader's feedback
 * dashboard, which nothing else links to: a native disclosure, so it opens
 * without JavaScript. With it, it closes as a menu button's menu does (Escape, a press
 * outside, a navigation; issue 40).
 */
export function AccountMenu({ user }: { user: ShellUser }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  return (
    <details ref={menu} className="relative flex">
      <summary className="btn cursor-pointer list-none" aria-label={`Account menu for ${user.username}`}>
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            width={24}
            height={24}
            className="size-[min(1.5rem,28px)] rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-[min(1.5rem,28px)] items-center justify-center rounded-full bg-accent text-[min(0.875rem,16px)] text-accent-ink forced-colors:border"
          >
            {user.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="account-name">{user.username}</span>
      </summary>
      <div className="absolute top-full right-0 z-30 mt-2 w-48 max-w-[calc(100vw-1rem)] space-y-1 rounded-lg border border-line bg-surface p-2 shadow-lg">
        <Link to="/profile" className="block rounded px-3 py-2 text-ink no-underline hover:bg-bg">
          Profile
        </Link>
        <Link to="/bookmarks" className="block rounded px-3 py-2 text-ink no-underline hover:bg-bg">
          Bookmarks
        </Link>
        <Link to="/settings/profile" className="block rounded px-3 py-2 text-ink no-underline hover:bg-bg">
          Settings
        </Link>
        <Link to="/user/feedback-dashboard" className="block rounded px-3 py-2 text-ink no-underline hover:bg-bg">
          Your feedback
        </Link>
        <SignOutForm label="Logout" />
      </div>
    </details>
  );
}
