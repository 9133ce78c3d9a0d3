// Parts of /settings/privacy: what the site stores, and the reader's sessions with a form to end each.
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { formatDateTime } from "~/utils/dates";
import { SESSIONS_SHOWN } from "./account";
import type { SessionView } from "./sessions.server";

/** What an account holds, and why: /settings/privacy and the privacy policy (/privacy) show the same list. */
export function StoredDataList() {
  return (
    <ul className="list-disc space-y-2 pl-6">
      <li>
        <strong>Your account:</strong> email address, username, display name, bio and avatar, to sign you in and show
        your profile. Your password is kept only as a one-way hash.
      </li>
      <li>
        <strong>Sessions:</strong> for each browser you are signed in on, the browser and system it reported and when it
        was last used, so you can see and end them.
      </li>
      <li>
        <strong>Your library:</strong> shelves, bookmarks and where you stopped reading, to bring you back to your place
        and recommend stories.
      </li>
      <li>
        <strong>Notifications</strong> and your notification choices, to show and send them.
      </li>
      <li>
        <strong>What you send us:</strong> feedback, bug reports, contact messages and stories you submit, to answer and
        publish them.
      </li>
      <li>
        <strong>What you write in the community:</strong> threads, replies and comments, shown under your username.
      </li>
      <li>
        <strong>Your cookie choices</strong>, on the account too, so they follow you to your other browsers.
      </li>
    </ul>
  );
}

export function WhatWeStore() {
  return (
    <section aria-labelledby="stored-heading" className="mt-8 space-y-3">
      <SectionTitle id="stored-heading">What we store about you, and why</SectionTitle>
      <StoredDataList />
      <p>
        Nothing is sold or shared with advertisers. See the <a href="/privacy">privacy policy</a> for the details.
      </p>
    </section>
  );
}

/** Where the sessions are listed: all of them with `?sessions=all` (a link, so it works without JavaScript). */
export const ALL_SESSIONS = "/settings/privacy?sessions=all#sessions";

export function SessionList({
  sessions,
  total,
  all,
  errors,
}: {
  sessions: SessionView[];
  /** How many live sessions the account has; `sessions` may be the first few of them. */
  total: number;
  all: boolean;
  errors?: string[];
}) {
  const more = total - sessions.length;
  return (
    <section id="sessions" aria-labelledby="sessions-heading" className="mt-10 scroll-mt-20">
      <SectionTitle id="sessions-heading">Where you are signed in</SectionTitle>
      {/* Without JavaScript, a refused end of a session is a new page: its message takes focus. */}
      <FormErrors errors={errors} {...FOCUS_FIRST} />
      {/* Before the list, however long it is: the one action for all of them. */}
      {total > 1 ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className="btn">
            End all other sessions
          </button>
          <span className="text-sm text-muted">
            You are signed in on {total === 2 ? "one other device" : `${total - 1} other devices`}.
          </span>
        </Form>
      ) : null}
      <ul className="mt-3 space-y-3">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-4"
          >
            <div>
              <p className="font-semibold">
                {session.device}
                {session.current ? <span className="ml-2 text-sm font-normal">(this browser)</span> : null}
              </p>
              <p className="text-sm text-muted">
                Last used <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>, signed in{" "}
                <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                {all ? <input type="hidden" name="list" value="all" /> : null}
                <button type="submit" className="btn" aria-label={`End the session on ${session.device}`}>
                  End session
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-3">
          And {more} more, used less recently. <Link to={ALL_SESSIONS}>Show all {total} sessions</Link>
        </p>
      ) : null}
      {all && total > SESSIONS_SHOWN ? (
        <p className="mt-3">
          <Link to="/settings/privacy#sessions">Show only the {SESSIONS_SHOWN} most recent</Link>
        </p>
      ) : null}
    </section>
  );
}

/** "You have 2 published stories and 1 community post or comment." */
export function whatYouWrote({ stories, communityPosts }: { stories: number; communityPosts: number }) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `You have ${plural(stories, "published story", "published stories")} and ${plural(
    communityPosts,
    "community post or comment",
    "community posts and comments",
  )}.`;
}
