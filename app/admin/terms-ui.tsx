// The categories and tags forms of /admin/themes: searched, sorted and paged lists with a form
// per term. Plain forms: they work without JS.
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ConfirmStep } from "~/components/confirm-step";
import { FormErrors } from "~/components/form-errors";
import { inputClass } from "~/components/forms";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { FOCUS_FIRST, refusalFocus } from "~/components/refusal-focus";
import { ScrollX } from "~/components/scroll-x";
import { listParamNames, pageOf, readListQuery, type SortOption } from "~/site/list-query";
import { matchesWords } from "~/site/search-text";
import { FieldError } from "./palette-ui";
import type { TermKind, TermRow } from "./taxonomy.server";
import type { ThemesActionData } from "./themes-actions.server";

// Layout that only these admin pages use goes in style attributes: every utility class
// joins the stylesheet each reader's page inlines (decision 003, the 14 KB budget).

function pick(result: ThemesActionData | null, form: string) {
  return result && result.form === form ? result : null;
}

/** How many stories and revisions hold the term: it is deleted only at 0 (deleteTerm's rule). */
const termUses = (row: TermRow) => row.posts + row.unpublished + row.revisions;

export const TERM_SORTS = [
  { value: "name", label: "Name A to Z" },
  { value: "name-desc", label: "Name Z to A" },
  { value: "used", label: "Most stories first" },
] as const satisfies readonly [SortOption, ...SortOption[]];

/** Query parameters of the two lists: cq, csort, cpage for categories; tq, tsort, tpage for tags. */
export const TERM_PREFIX: Record<TermKind, string> = { category: "c", tag: "t" };

/** One page of a term list, searched by name or slug and sorted (pure: the loader calls it). */
export function termPage(all: TermRow[], request: Request, kind: TermKind, size = 25) {
  const query = readListQuery(new URL(request.url).searchParams, TERM_SORTS, TERM_PREFIX[kind]);
  const found = all.filter((t) => matchesWords(query.q, t.name, t.slug));
  found.sort((a, b) =>
    query.sort === "used"
      ? b.posts - a.posts || termUses(b) - termUses(a) || a.name.localeCompare(b.name)
      : (query.sort === "name-desc" ? -1 : 1) * a.name.localeCompare(b.name),
  );
  const { items, page, pages, total } = pageOf(
    request,
    found,
    query.page,
    size,
    listParamNames(TERM_PREFIX[kind]).page,
  );
  return { rows: items, query: { ...query, page }, pages, total };
}

export function TermSection({
  kind,
  rows: all,
  list,
  result,
}: {
  kind: TermKind;
  /** Every term (the merge form chooses among all of them). */
  rows: TermRow[];
  /** The page of the table, from termPage(). */
  list: ReturnType<typeof termPage>;
  result: ThemesActionData | null;
}) {
  const rows = list.rows;
  const hrefFor = useListHref();
  const prefix = TERM_PREFIX[kind];
  const pageParam = listParamNames(prefix).page;
  const plural = kind === "category" ? "Categories" : "Tags";
  const one = kind === "category" ? "category" : "tag";
  const create = pick(result, `${kind}-create`);
  const merge = pick(result, `${kind}-merge`);
  const mergeAsk = merge && "ask" in merge ? merge.ask : undefined;
  const mergeFocus = refusalFocus(merge?.fieldErrors, ["sourceId", "targetId"]);
  const formError = result?.form.startsWith(`${kind}-`) && "formError" in result ? result.formError : null;
  return (
    <section aria-labelledby={`${kind}-title`} className="mt-10">
      <SectionTitle id={`${kind}-title`}>{plural}</SectionTitle>
      <p className="mt-1 text-muted">
        Of the own and community stories (the WordPress site keeps its own). Renaming keeps the slug, so links stay; one
        in use is merged into another rather than deleted.
      </p>
      {formError ? (
        // A refusal with no field of its own (in use, gone): focus comes here, without JavaScript too.
        <div className="mt-3">
          <FormErrors errors={[formError]} {...FOCUS_FIRST} />
        </div>
      ) : null}
      <ListSearch
        label={`Search ${plural.toLowerCase()}`}
        button={`Find ${plural.toLowerCase()}`}
        query={list.query}
        prefix={prefix}
      />
      <SortLinks label={`Sort ${plural.toLowerCase()}`} options={TERM_SORTS} query={list.query} prefix={prefix} />
      <p className="mt-2 text-sm" aria-live="polite">
        {list.total === 1 ? `1 ${one}` : `${list.total} ${plural.toLowerCase()}`}
        {list.query.q ? ` matching "${list.query.q}"` : ""}
      </p>
      <ScrollX label={`${plural} table`} className="mt-4">
        <table className="w-full max-md:stacked-table @max-[31rem]:stacked-table text-left text-sm">
          <caption className="sr-only">{plural} with the number of published stories in each</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Slug</th>
              <th scope="col">Published stories</th>
              <th scope="col">Rename</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const rename = pick(result, `${kind}-rename`);
              const mine = rename && rename.values.id === String(row.id) ? rename : null;
              const used = termUses(row);
              const held = [
                row.unpublished ? `${row.unpublished} unpublished` : "",
                row.revisions ? `${row.revisions} in review` : "",
              ].filter(Boolean);
              return (
                <tr key={row.id} className="border-t border-line align-top">
                  <td className="py-2 pr-3 font-semibold">{row.name}</td>
                  <td className="pr-3" data-label="Slug">
                    {row.slug}
                  </td>
                  <td className="pr-3" data-label="Published stories">
                    {row.posts}
                    {held.length ? <span className="text-muted"> (+{held.join(", +")})</span> : null}
                  </td>
                  <td className="pr-3">
                    <Form method="post" className="flex flex-wrap items-start gap-2">
                      <AuthenticityTokenInput name="csrf" />
                      <input type="hidden" name="id" value={row.id} />
                      <label htmlFor={`${kind}-rename-${row.id}`} className="sr-only">
                        New name for {row.name}
                      </label>
                      <input
                        id={`${kind}-rename-${row.id}`}
                        name="name"
                        defaultValue={mine?.values.name ?? row.name}
                        className="w-32 rounded border border-line bg-bg px-2 py-1 text-ink"
                        aria-invalid={mine?.fieldErrors.name ? true : undefined}
                        aria-describedby={mine?.fieldErrors.name ? `${kind}-rename-${row.id}-error` : undefined}
                        // biome-ignore lint/a11y/noAutofocus: the field of a refused rename (no JavaScript needed).
                        autoFocus={Boolean(mine?.fieldErrors.name)}
                      />
                      <button type="submit" name="intent" value={`${kind}-rename`} className="btn">
                        Rename<span className="sr-only"> {row.name}</span>
                      </button>
                      <FieldError id={`${kind}-rename-${row.id}-error`} messages={mine?.fieldErrors.name} />
                    </Form>
                  </td>
                  <td>
                    {used ? (
                      <span className="text-muted">In use</span>
                    ) : (
                      // Asked first, without JavaScript too: the button that deletes is inside the disclosure.
                      <details>
                        <summary className="btn cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                          Delete<span className="sr-only"> {row.name}</span>
                        </summary>
                        <Form method="post" className="mt-2 space-y-2 rounded-lg border border-line p-2 text-sm">
                          <p>
                            Delete the {one} “{row.name}” ({row.slug})? This cannot be undone.
                          </p>
                          <AuthenticityTokenInput name="csrf" />
                          <input type="hidden" name="id" value={row.id} />
                          <button type="submit" name="intent" value={`${kind}-delete`} className="btn">
                            Yes, delete “{row.name}”
                          </button>
                        </Form>
                      </details>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
      <Pagination
        label={`Pages of ${plural.toLowerCase()}`}
        page={list.query.page}
        totalPages={list.pages}
        hrefFor={(page) => hrefFor({ [pageParam]: page }, pageParam)}
      />
      {/* Side by side only where the list has 42rem (a container query): beside the sidebar at 768 px,
          in the largest text, "Merge categories" was wider than its half. */}
      <div className="@container mt-6">
        <div className="grid gap-5 @2xl:grid-cols-2">
          <Form method="post" className="rounded border border-line p-3" aria-labelledby={`${kind}-create-title`}>
            <h3 id={`${kind}-create-title`} className="font-semibold">
              New {one}
            </h3>
            <AuthenticityTokenInput name="csrf" />
            <TermTextField id={`${kind}-create-name`} name="name" label="Name" create={create} />
            <TermTextField
              id={`${kind}-create-slug`}
              name="slug"
              label="Slug (optional, from the name when empty)"
              create={create}
            />
            <button type="submit" name="intent" value={`${kind}-create`} className="btn btn-primary mt-3">
              Create {one}
            </button>
          </Form>
          <Form method="post" className="rounded border border-line p-3" aria-labelledby={`${kind}-merge-title`}>
            <h3 id={`${kind}-merge-title`} className="font-semibold">
              Merge {plural.toLowerCase()}
            </h3>
            <p className="text-sm text-muted">Every story of the first moves to the second; the first is deleted.</p>
            <AuthenticityTokenInput name="csrf" />
            {mergeAsk ? (
              <div className="mt-2">
                <ConfirmStep
                  question={`Merge the ${one} “${mergeAsk.source}” into “${mergeAsk.target}”? ${
                    mergeAsk.moving === 1 ? "1 story moves" : `${mergeAsk.moving} stories move`
                  }, and “${mergeAsk.source}” is deleted. This cannot be undone.`}
                  yes={`Yes, merge “${mergeAsk.source}” into “${mergeAsk.target}”`}
                  name="intent"
                  value={`${kind}-merge`}
                  back="/admin/themes"
                  backLabel="No, keep both"
                >
                  <input type="hidden" name="sourceId" value={merge?.values.sourceId} />
                  <input type="hidden" name="targetId" value={merge?.values.targetId} />
                </ConfirmStep>
              </div>
            ) : (
              <>
                <TermSelect
                  id={`${kind}-merge-source`}
                  label={`Merge ${one}`}
                  name="sourceId"
                  terms={all}
                  value={merge?.values.sourceId}
                  errors={merge?.fieldErrors.sourceId}
                  autoFocus={mergeFocus === "sourceId"}
                />
                <TermSelect
                  id={`${kind}-merge-target`}
                  label={`Into ${one}`}
                  name="targetId"
                  terms={all}
                  value={merge?.values.targetId}
                  errors={merge?.fieldErrors.targetId}
                  autoFocus={mergeFocus === "targetId"}
                />
                <button type="submit" name="intent" value={`${kind}-merge`} className="btn btn-primary mt-3">
                  Merge {plural.toLowerCase()}
                </button>
              </>
            )}
          </Form>
        </div>
      </div>
    </section>
  );
}

/** One of the new term's two text fields, with what the admin typed and its error after a refusal. */
function TermTextField({
  id,
  name,
  label,
  create,
}: {
  id: string;
  name: "name" | "slug";
  label: string;
  create: ReturnType<typeof pick>;
}) {
  const errors = create?.fieldErrors[name];
  const focus = refusalFocus(create?.fieldErrors, ["name", "slug"]);
  return (
    <>
      <label htmlFor={id} className="mt-2 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={create?.values[name]}
        className={inputClass}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the first field of a refused create (no JavaScript needed).
        autoFocus={focus === name}
      />
      <FieldError id={`${id}-error`} messages={errors} />
    </>
  );
}

/** One of the merge form's two choices of a term, with its error. */
function TermSelect({
  id,
  label,
  name,
  terms,
  value,
  errors,
  autoFocus,
}: {
  id: string;
  label: string;
  name: string;
  terms: TermRow[];
  value?: string;
  errors?: string[];
  autoFocus: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className="mt-2 block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the first field of a refused merge (no JavaScript needed).
        autoFocus={autoFocus}
      >
        <option value="">Choose…</option>
        {terms.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.slug})
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} messages={errors} />
    </>
  );
}
