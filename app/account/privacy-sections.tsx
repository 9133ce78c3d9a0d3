// Parts of /settings/privacy: what the site stores, and the reader's sessions with a form to end each.
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { formatDateTime } from "~/utils/dates";
import type { SessionView } from "./sessions.server";

export function WhatWeStore() {
  return (
    <section aria-labelledby="stored-heading" className="mt-8 space-y-3">
      <SectionTitle id="stored-heading">What we store about you, and why</SectionTitle>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <strong>Your account:</strong> email address, username, display name, bio and avatar, to sign you in and show
          your profile. Your password is kept only as a one-way hash.
        </li>
        <li>
          <strong>Sessions:</strong> for each browser you are signed in on, the browser and system it reported and when
          it was last used, so you can see and end them below.
        </li>
        <li>
          <strong>Your library:</strong> shelves, bookmarks and where you stopped reading, to bring you back to your
          place and recommend stories.
        </li>
        <li>
          <strong>Notifications</strong> and your notification choices, to show and send them.
        </li>
        <li>
          <strong>What you send us:</strong> feedback, bug reports, contact messages and stories you submit, to answer
          and publish them.
        </li>
        <li>
          <strong>Your cookie choices</strong>, on the account too, so they follow you to your other browsers.
        </li>
      </ul>
      <p>
        Nothing is sold or shared with advertisers. See the <a href="/privacy">privacy policy</a> for the details.
      </p>
    </section>
  );
}

export function SessionList({ sessions, errors }: { sessions: SessionView[]; errors?: string[] }) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-10">
      <SectionTitle id="sessions-heading">Where you are signed in</SectionTitle>
      {/* Without JavaScript, a refused end of a session is a new page: its message takes focus. */}
      <FormErrors errors={errors} {...FOCUS_FIRST} />
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
                <button type="submit" className="btn" aria-label={`End the session on ${session.device}`}>
                  End session
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((s) => !s.current) ? (
        <Form method="post" className="mt-3">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className="btn">
            End all other sessions
          </button>
        </Form>
      ) : null}
    </section>
  );
}
