// The page of /admin/users/:userId (docs/decisions/017), drawn from what the
// route's loader read. Each action is its own form posting to the route's
// action; acting on an administrator asks for the admin's password.
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ConfirmStep } from "~/components/confirm-step";
import { FormErrors, inputClass } from "~/components/forms";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { formatDate, formatDateTime } from "~/utils/dates";
import { SUSPEND_REASON_MAX } from "./users";
import type { getUserDetail } from "./users.server";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <SectionTitle id={id}>{title}</SectionTitle>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const AUDIT_LABELS: Record<string, string> = {
  "user.promote": "Made an administrator",
  "user.demote": "Administrator role removed",
  "user.suspend": "Suspended",
  "user.reinstate": "Reinstated",
  "user.end-sessions": "Sessions ended",
  "user.delete": "Deleted",
};

/** The acting admin's password, asked before anything happens to an administrator, with its refusal. */
function PasswordField({ intent, result }: { intent: string; result?: Failure }) {
  const passwordErrors = result?.error?.password ?? undefined;
  const id = `${intent}-password`;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {intent === "promote"
          ? "Your password (to make this user an administrator)"
          : "Your password (this user is an administrator)"}
      </label>
      <input
        id={id}
        name="password"
        type="password"
        required
        autoComplete="current-password"
        className={inputClass}
        aria-invalid={passwordErrors ? true : undefined}
        aria-describedby={passwordErrors ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the field of a refused action (no JavaScript needed).
        autoFocus={Boolean(passwordErrors)}
      />
      {passwordErrors ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-accent">
          {passwordErrors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One action's form: its CSRF token, the password when the user is an admin or
 * is being made one (giving admin power is asked for as taking it is), the button.
 */
function ActionForm({
  intent,
  label,
  children,
  primary = false,
  isAdmin,
  busy,
  result,
}: {
  intent: string;
  label: string;
  children?: ReactNode;
  primary?: boolean;
  isAdmin: boolean;
  busy: boolean;
  result?: { error?: Record<string, string[] | null> | null };
}) {
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-line bg-surface p-4">
      <AuthenticityTokenInput name="csrf" />
      <FormErrors errors={result?.error?.[""] ?? undefined} />
      {children}
      {isAdmin || intent === "promote" ? <PasswordField intent={intent} result={result} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? "btn btn-primary" : "btn"}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

/** What the route's loader gives the page: the user's detail, and whether it is the admin looking. */
export type UserDetailData = NonNullable<Awaited<ReturnType<typeof getUserDetail>>> & { self: boolean };
type Failure = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
/** The route's answer that is not a redirect: a refusal (`result`), or the question before a deletion (`ask`). */
export type UserActionData =
  | { intent: string; result: Failure; ask?: undefined }
  | { intent: string; ask: { username: string; submissions: "anonymise" | "remove" }; result?: undefined };

/** One user as the admin sees them: profile, role and status forms, sessions, submissions, reports, sign-ins, audit. */
export function UserDetailPage({
  data: { user, sessions, sessionCount, submissions, reports, connections, audit, self },
  actionData,
}: {
  data: UserDetailData;
  actionData: UserActionData | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const failed = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  // The deletion's second step: asked by the server after the first press, and again after a refused password.
  const deleting =
    actionData?.intent === "delete"
      ? (actionData.ask?.submissions ??
        (actionData.result?.initialValue?.submissions === "remove" ? "remove" : "anonymise"))
      : null;
  const common = (intent: string) => ({ intent, isAdmin: user.isAdmin, busy, result: failed(intent) });

  return (
    <div>
      <p>
        <Link to="/admin/users" className="underline">
          All users
        </Link>
      </p>
      <PageTitle className="mt-2 break-words">{user.username}</PageTitle>
      <p className="mt-2 text-muted">
        {user.isAdmin ? "Administrator" : "Reader"}
        {user.suspendedAt ? ` · Suspended since ${formatDateTime(user.suspendedAt)}` : " · Active"}
      </p>

      <Section id="profile-title" title="Profile">
        <div className="flex flex-wrap items-start gap-4">
          {user.avatar ? (
            <img src={user.avatar} alt="" width={64} height={64} className="size-16 rounded-full object-cover" />
          ) : null}
          {/* Stacked on a phone: beside each other, the terms and a long value did not fit the largest text. */}
          <dl className="grid min-w-0 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Username</dt>
            <dd className="break-all">{user.username}</dd>
            <dt className="font-semibold">Display name</dt>
            <dd>{user.displayName || "None"}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="font-semibold">Joined</dt>
            <dd>{formatDate(user.createdAt)}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>{user.isAdmin ? "Administrator" : "Reader"}</dd>
            <dt className="font-semibold">Sign-in</dt>
            <dd>{user.hasPassword ? "Password" : "Sign-in providers only"}</dd>
            {user.suspendedAt ? (
              <>
                <dt className="font-semibold">Suspended</dt>
                <dd>
                  {formatDateTime(user.suspendedAt)}
                  {user.suspendedReason ? `: ${user.suspendedReason}` : ""}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </Section>

      <Section id="actions-title" title="Actions">
        {self ? (
          <p className="mb-3 text-muted">This is your own account: you cannot suspend or delete it here.</p>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          {user.isAdmin ? (
            <ActionForm {...common("demote")} label="Remove admin" />
          ) : (
            <ActionForm {...common("promote")} label="Make admin" />
          )}
          {self ? null : user.suspendedAt ? (
            <ActionForm {...common("reinstate")} label="Reinstate" primary />
          ) : (
            <ActionForm {...common("suspend")} label="Suspend">
              <p>The account cannot sign in, and its sessions end at once.</p>
              <div>
                <label htmlFor="suspend-reason" className="block font-semibold">
                  Reason (optional, for administrators)
                </label>
                <textarea
                  id="suspend-reason"
                  name="reason"
                  maxLength={SUSPEND_REASON_MAX}
                  rows={2}
                  className={inputClass}
                  defaultValue={
                    actionData?.intent === "suspend" ? String(actionData.result?.initialValue?.reason ?? "") : ""
                  }
                />
              </div>
            </ActionForm>
          )}
          <ActionForm {...common("end-sessions")} label="End sessions">
            <p>Signs the account out on every device.</p>
          </ActionForm>
          {self ? null : deleting ? (
            <Form method="post" className="space-y-3 rounded-lg border border-line bg-surface p-4">
              <AuthenticityTokenInput name="csrf" />
              <FormErrors errors={failed("delete")?.error?.[""] ?? undefined} />
              <ConfirmStep
                question={`Delete the account “${user.username}”? ${
                  deleting === "remove"
                    ? "Their stories and community posts are removed with it."
                    : "Their stories and community posts stay, credited to “Anonymous”."
                } This cannot be undone.`}
                yes={`Yes, delete “${user.username}”`}
                name="intent"
                value="delete"
                back={`/admin/users/${user.id}`}
                backLabel="No, keep the account"
                focus={!failed("delete")?.error?.password}
              >
                <input type="hidden" name="submissions" value={deleting} />
                {user.isAdmin ? <PasswordField intent="delete" result={failed("delete")} /> : null}
              </ConfirmStep>
            </Form>
          ) : (
            // The first press asks (the server answers with the step above); the password, for an administrator, is asked there.
            <ActionForm {...common("delete")} isAdmin={false} label="Delete account">
              <fieldset>
                <legend className="font-semibold">Their stories and community posts</legend>
                <div className="mt-1 flex items-center gap-2">
                  <input
                    type="radio"
                    id="submissions-anonymise"
                    name="submissions"
                    value="anonymise"
                    defaultChecked
                    className="size-5 shrink-0"
                  />
                  <label htmlFor="submissions-anonymise">Keep them, credited to "Anonymous"</label>
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <input
                    type="radio"
                    id="submissions-remove"
                    name="submissions"
                    value="remove"
                    className="size-5 shrink-0"
                  />
                  <label htmlFor="submissions-remove">Remove them</label>
                </div>
              </fieldset>
              <p className="text-sm text-muted">Deleting cannot be undone.</p>
            </ActionForm>
          )}
        </div>
      </Section>

      <Section id="sessions-title" title={`Sessions (${sessionCount})`}>
        {sessions.length ? (
          <>
            <ul className="space-y-1">
              {sessions.map((s) => (
                <li key={s.id}>
                  {s.device}, last used {formatDateTime(s.lastUsedAt)}
                  {s.remember ? " (remembered)" : ""}
                </li>
              ))}
            </ul>
            {sessionCount > sessions.length ? (
              <p className="mt-2 text-muted">And {sessionCount - sessions.length} more, used less recently.</p>
            ) : null}
          </>
        ) : (
          <p className="text-muted">No active session.</p>
        )}
      </Section>

      <Section id="submissions-title" title={`Submissions (${submissions.length})`}>
        {submissions.length ? (
          <ul className="space-y-1">
            {submissions.map((s) => (
              <li key={s.id}>
                <Link
                  to={s.status === "published" ? `/community-story/${s.slug}` : `/edit-story/${s.id}`}
                  className="underline"
                >
                  {s.title || "Untitled"}
                </Link>{" "}
                <span className="text-muted">
                  · {s.statusLabel} · {formatDate(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No submissions.</p>
        )}
      </Section>

      <Section id="reports-title" title={`Reports against their posts (${reports.length})`}>
        {reports.length ? (
          <ul className="space-y-1">
            {reports.map((r) => (
              <li key={r.id}>
                <Link to={`/community/posts/${r.postId}`} className="underline">
                  Post {r.postId}
                </Link>{" "}
                <span>
                  · {r.reason} · {r.status} · by {r.reporter ?? "a former reader"} · {formatDate(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No reports.</p>
        )}
      </Section>

      <Section id="connections-title" title={`Connected accounts (${connections.length})`}>
        {connections.length ? (
          <ul className="space-y-1">
            {connections.map((c) => (
              <li key={c.provider}>
                {c.provider}
                {c.email ? ` (${c.email})` : ""} · connected {formatDate(c.createdAt)}
                {c.lastUsedAt ? `, last used ${formatDateTime(c.lastUsedAt)}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">None.</p>
        )}
      </Section>

      <Section id="audit-title" title="Audit trail">
        {audit.rows.length ? (
          <ol className="space-y-2">
            {audit.rows.map((row) => (
              <li key={row.id}>
                <span className="font-semibold">{AUDIT_LABELS[row.action] ?? row.action}</span> by {row.adminName},{" "}
                {formatDateTime(row.createdAt)}
                <details className="text-sm">
                  <summary className="cursor-pointer">Before and after</summary>
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all">
                    {JSON.stringify({ before: row.before, after: row.after }, null, 2)}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted">No admin action yet.</p>
        )}
      </Section>
    </div>
  );
}
