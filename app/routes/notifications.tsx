import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { ClearAllConfirm, CursedOverlay, NotificationItems } from "~/notifications/notification-ui";
import { FILTER_LABELS, FILTERS, type NotificationFilter } from "~/notifications/notifications";
import { filterParam, notificationsAction, notificationsPage } from "~/notifications/page.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return notificationsPage(request, user.id, filterParam(new URL(request.url)));
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return notificationsAction(user.id, request);
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Notifications" });

function ActionForm({ intent, filter, label }: { intent: string; filter: NotificationFilter; label: string }) {
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="filter" value={filter} />
      <button type="submit" className="btn">
        {label}
      </button>
    </Form>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, counts, filter, cursed, page, pages } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle>Notifications</PageTitle>
      {cursed ? <CursedOverlay /> : null}
      <nav aria-label="Filter notifications" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((name) => (
            <li key={name}>
              <Link
                to={name === "all" ? "/notifications" : `/notifications?filter=${name}`}
                aria-current={name === filter ? "page" : undefined}
                className={`btn ${name === filter ? "btn-primary" : ""}`}
              >
                {FILTER_LABELS[name]} ({counts[name]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Offered only while there is something to do. */}
      {counts.all ? (
        <div className="mt-4 flex flex-wrap items-start gap-2">
          {counts.unread ? <ActionForm intent="read-all" filter={filter} label="Mark all read" /> : null}
          <ClearAllConfirm>
            <ActionForm intent="clear" filter={filter} label="Yes, clear all" />
          </ClearAllConfirm>
        </div>
      ) : null}
      <section
        aria-label={`${FILTER_LABELS[filter]} notifications`}
        className="mt-4 rounded-lg border border-line bg-surface"
      >
        <NotificationItems
          items={notifications}
          filter={filter}
          open={(item, content) => (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="intent" value="open" />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="filter" value={filter} />
              <button type="submit" className="w-full cursor-pointer text-left">
                {content}
              </button>
            </Form>
          )}
        />
      </section>
      <Pagination
        label="Pages of notifications"
        page={page}
        totalPages={pages}
        hrefFor={(n) => {
          const query = new URLSearchParams(filter === "all" ? {} : { filter });
          if (n > 1) query.set("page", String(n));
          return query.size ? `/notifications?${query}` : "/notifications";
        }}
      />
    </div>
  );
}
