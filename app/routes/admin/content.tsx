import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { listContent } from "~/admin/content.server";
import { contentAction } from "~/admin/content-actions.server";
import { CONTENT_SOURCES, type ContentSourceFilter, SOURCE_LABELS, STORY_SORTS } from "~/admin/content-sources";
import { requireAdmin } from "~/auth/auth.server";
import { FormErrors } from "~/components/form-errors";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { ScrollX } from "~/components/scroll-x";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { readListQuery, settlePages } from "~/site/list-query";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { isSiteLink } from "~/utils/links";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/content";

const SOURCE_NAMES: Record<ContentSourceFilter, string> = {
  all: "All sources",
  wordpress: "WordPress",
  synced: "Synced copies",
  own: "Own posts",
  community: "Community",
};

function readQuery(url: URL) {
  const source = url.searchParams.get("source");
  return {
    source: (CONTENT_SOURCES as readonly string[]).includes(source ?? "") ? (source as ContentSourceFilter) : "all",
    ...readListQuery(url.searchParams, STORY_SORTS),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = readQuery(url);
  const listPage = (page: number) =>
    listContent({ source: query.source, page, search: query.q || undefined, order: query.sort });
  const list = await listPage(query.page);
  // A page past the end is a redirect to the last one, as on every list (list-query.ts). WordPress
  // answers such a page with nothing, not its count: then page 1 tells how many pages there are.
  const pages = query.page > list.totalPages && list.total === 0 ? (await listPage(1)).totalPages : list.totalPages;
  const { page } = settlePages(request, { page: query.page, pages });
  return data({ ...list, page, query }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  return contentAction(request, context);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Content management" });

/** A row's action: one submit button of the table's form, named with the story it acts on. */
function RowAction({
  name,
  value,
  label,
  title,
  busy,
}: {
  name: "feature" | "unpublish" | "publish";
  value: string | number;
  label: string;
  title: string;
  busy: boolean;
}) {
  return (
    <button type="submit" name={name} value={value} className="btn py-1 text-sm" disabled={busy}>
      {label}
      <span className="sr-only"> {title}</span>
    </button>
  );
}

export default function ContentManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, page, totalPages, note, featured, query } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hrefFor = useListHref();
  const form = useRef<HTMLFormElement>(null);
  useKeepFocus(form, navigation);
  return (
    <div>
      <PageTitle>Content management</PageTitle>
      <p className="mt-2 text-muted">
        Every story from every source. <Link to="/admin/posts">Own posts</Link> are written and scheduled on their own
        page.
      </p>
      <nav aria-label="Sources" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {CONTENT_SOURCES.map((source) => (
            <li key={source}>
              <Link
                to={hrefFor({ source: source === "all" ? null : source })}
                className="btn py-1 text-sm"
                aria-current={query.source === source ? "page" : undefined}
              >
                {SOURCE_NAMES[source]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch label="Search titles and text" button="Search" query={query} />
      <SortLinks label="Sort stories" options={STORY_SORTS} query={query} />
      <Form method="post" className="mt-6" ref={form}>
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
        <p className="mt-2">
          {featured ? (
            <>
              Featured on the home page: <strong>{featured}</strong>{" "}
              <button type="submit" name="intent" value="unfeature" className="btn py-1 text-sm" disabled={busy}>
                Stop featuring
              </button>
            </>
          ) : (
            "No story is featured on the home page."
          )}
        </p>
        {note ? <p className="mt-2 text-muted">{note}</p> : null}
        {rows.length ? (
          <ScrollX label="Stories" className="mt-4">
            <table className="w-full max-lg:stacked-table @max-[35rem]:stacked-table text-left text-sm">
              <caption className="sr-only">Stories, {SOURCE_NAMES[query.source].toLowerCase()}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Title</th>
                  <th scope="col">Source</th>
                  <th scope="col">Status</th>
                  <th scope="col">Date</th>
                  <th scope="col">Readers</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-t border-line align-top">
                    <td className="py-2 pr-2">
                      {row.postId !== null && row.published ? (
                        <input
                          type="checkbox"
                          name={`post-${row.postId}`}
                          aria-label={`Select ${row.title}`}
                          className="size-5 shrink-0"
                        />
                      ) : null}
                    </td>
                    <th scope="row" className="py-2 pr-2 font-normal">
                      {row.viewHref ? <Link to={row.viewHref}>{row.title}</Link> : row.title}
                      {row.featured ? <span className="ml-2 font-semibold">(featured)</span> : null}
                    </th>
                    <td className="py-2 pr-2" data-label="Source">
                      {SOURCE_LABELS[row.source]}
                    </td>
                    <td className="py-2 pr-2" data-label="Status">
                      {row.status}
                    </td>
                    <td className="py-2 pr-2" data-label="Date">
                      {formatDate(row.date)}
                    </td>
                    <td className="py-2 pr-2" data-label="Readers">
                      {row.readers} <span className="text-muted">({row.bookmarks} bookmarked)</span>
                    </td>
                    <td className="py-2">
                      <div className="flex flex-wrap gap-2">
                        {row.published && !row.featured ? (
                          <RowAction name="feature" value={row.slug} label="Feature" title={row.title} busy={busy} />
                        ) : null}
                        {row.postId !== null && row.published ? (
                          <RowAction
                            name="unpublish"
                            value={row.postId}
                            label="Unpublish"
                            title={row.title}
                            busy={busy}
                          />
                        ) : row.postId !== null && row.publishable ? (
                          // The undo, in the Unpublish button's place (and the other way round).
                          <RowAction name="publish" value={row.postId} label="Publish" title={row.title} busy={busy} />
                        ) : null}
                        {row.editHref ? (
                          isSiteLink(row.editHref) ? (
                            <Link to={row.editHref} className="btn py-1 text-sm">
                              {row.editLabel}
                              <span className="sr-only"> {row.title}</span>
                            </Link>
                          ) : (
                            <a href={row.editHref} className="btn py-1 text-sm" rel="noopener noreferrer">
                              {row.editLabel}
                              <span className="sr-only"> {row.title}</span>
                            </a>
                          )
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3">
              <button type="submit" name="intent" value="unpublish-selected" className="btn" disabled={busy}>
                Unpublish selected
              </button>
            </p>
          </ScrollX>
        ) : (
          <p className="mt-4 text-muted">No stories here.</p>
        )}
      </Form>
      <p className="mt-4 text-sm text-muted">
        Readers: signed-in readers with a saved place in the story (saved as they read on, or when they finish it);
        bookmarked: those who put it on a shelf.
      </p>
      <Pagination page={page} totalPages={totalPages} hrefFor={(page) => hrefFor({ page })} />
    </div>
  );
}

/** After a row's Unpublish or Publish (or the toast's Undo), the row's opposite button. */
const NEXT_BUTTON: Record<string, string> = { unpublish: "publish", publish: "unpublish" };

/**
 * With JavaScript the pressed button is disabled while the form is sent and
 * replaced when the answer comes, which left focus on <body>: focus goes to the
 * button that undoes what was done, in the same row, or else back to the button
 * pressed, so a keyboard or screen reader user stays where they were.
 */
function useKeepFocus(form: React.RefObject<HTMLFormElement | null>, navigation: ReturnType<typeof useNavigation>) {
  const pressed = useRef<{ name: string; value: string } | null>(null);
  useEffect(() => {
    const sent = navigation.formData;
    if (navigation.state === "submitting" && sent) {
      const name = ["publish", "unpublish", "feature", "intent"].find((key) => sent.has(key));
      pressed.current = name ? { name, value: String(sent.get(name)) } : null;
      return;
    }
    if (navigation.state !== "idle" || !pressed.current) return;
    const { name, value } = pressed.current;
    pressed.current = null;
    const find = (n: string) =>
      form.current?.querySelector<HTMLButtonElement>(`button[name="${n}"][value="${CSS.escape(value)}"]`);
    const target = (NEXT_BUTTON[name] && find(NEXT_BUTTON[name])) || find(name);
    target?.focus();
  }, [navigation.state, navigation.formData, form]);
}
