import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { USER_SORTS } from "~/admin/users";
import { listUsers, parseUserListQuery } from "~/admin/users.server";
import { userAction } from "~/admin/users-action.server";
import { requireAdmin } from "~/auth/auth.server";
import { FormErrors, inputClass } from "~/components/forms";
import { SortLinks, useListHref } from "~/components/list-controls";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { SearchShortened } from "~/components/search-shortened";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { LIST_SEARCH_MAX } from "~/site/list-query";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseUserListQuery(new URL(request.url));
  return data({ query, ...(await listUsers(request, query)) }, { headers: PRIVATE_PAGE_HEADERS });
}

/** The bulk form: suspend, reinstate or end the sessions of the ticked users. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  return userAction(request, context, { bulk: true, back: `/admin/users${url.search}` });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Users" });

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { query, users, total, page, pages } = loaderData;
  const hrefFor = useListHref();
  const busy = useNavigation().state === "submitting";
  // The list's bulk form never deletes, so it is never asked first: its answer is a refusal.
  const errors = actionData && "result" in actionData ? actionData.result?.error : undefined;
  // The ticked users' errors (none ticked, a tampered value: `userId` or `userId[0]`) are said on top.
  const formErrors = Object.entries(errors ?? {})
    .filter(([key]) => key === "" || key === "userId" || key.startsWith("userId["))
    .flatMap(([, messages]) => messages ?? []);
  const passwordErrors = errors?.password ?? undefined;
  return (
    <div>
      <PageTitle>Users</PageTitle>
      <p className="mt-2 text-muted">Readers, writers and administrators.</p>

      <Form method="get" role="search" aria-label="Users" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-56">
          <label htmlFor="users-q" className="block font-semibold">
            Search by name or email
          </label>
          <input
            key={query.q}
            id="users-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={LIST_SEARCH_MAX}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="users-role" className="block font-semibold">
            Role
          </label>
          <select id="users-role" name="role" defaultValue={query.role} className={inputClass}>
            <option value="all">All roles</option>
            <option value="admin">Administrators</option>
            <option value="reader">Readers</option>
          </select>
        </div>
        <div>
          <label htmlFor="users-status" className="block font-semibold">
            Status
          </label>
          <select id="users-status" name="status" defaultValue={query.status} className={inputClass}>
            <option value="all">Any status</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        {query.sort !== USER_SORTS[0].value ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className="btn">
          Find users
        </button>
        {query.shortened ? <SearchShortened max={LIST_SEARCH_MAX} /> : null}
      </Form>

      <SortLinks label="Sort users" options={USER_SORTS} query={query} />

      <p className="mt-4" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {query.q ? ` matching "${query.q}"` : ""}
      </p>

      <Form method="post" className="mt-4 space-y-4">
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={formErrors.length ? formErrors : undefined} {...FOCUS_FIRST} />
        {users.length ? (
          <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
            {users.map((u) => (
              <li key={u.id} className="flex items-start gap-3 p-3">
                <input
                  id={`pick-${u.id}`}
                  type="checkbox"
                  name="userId"
                  value={u.id}
                  className="mt-1.5 size-5"
                  aria-label={`Select ${u.username}`}
                />
                <div className="min-w-0">
                  <Link to={`/admin/users/${u.id}`} className="font-semibold underline">
                    {u.username}
                  </Link>
                  {u.displayName ? <span className="ml-2 text-muted">({u.displayName})</span> : null}
                  <p className="break-all text-sm">{u.email}</p>
                  <p className="text-sm text-muted">
                    {u.isAdmin ? "Administrator" : "Reader"}
                    {u.suspendedAt ? " · Suspended" : ""} · Joined {formatDate(u.createdAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No user matches.</p>
        )}
        <fieldset className="space-y-3 rounded-lg border border-line p-4">
          <legend className="px-1 font-semibold">With the selected users</legend>
          <div>
            <label htmlFor="bulk-password" className="block font-semibold">
              Your password (needed when an administrator is selected)
            </label>
            <input
              id="bulk-password"
              name="password"
              type="password"
              autoComplete="current-password"
              className={inputClass}
              aria-invalid={passwordErrors ? true : undefined}
              aria-describedby={passwordErrors ? "bulk-password-error" : undefined}
              // biome-ignore lint/a11y/noAutofocus: the field of a refused action (no JavaScript needed).
              autoFocus={Boolean(passwordErrors) && formErrors.length === 0}
            />
            {passwordErrors ? (
              <p id="bulk-password-error" role="alert" className="text-sm font-semibold text-accent">
                {passwordErrors.join(" ")}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="suspend" className="btn" disabled={busy}>
              Suspend
            </button>
            <button type="submit" name="intent" value="reinstate" className="btn" disabled={busy}>
              Reinstate
            </button>
            <button type="submit" name="intent" value="end-sessions" className="btn" disabled={busy}>
              End sessions
            </button>
          </div>
          <p className="text-sm text-muted">
            Making or removing administrators and deleting are done on a user's page.
          </p>
        </fieldset>
      </Form>

      <Pagination label="Pages of users" page={page} totalPages={pages} hrefFor={(page) => hrefFor({ page })} />
    </div>
  );
}
