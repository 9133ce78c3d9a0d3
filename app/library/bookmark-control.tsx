// The bookmark button of a story (its page and the story cards of lists):
// real forms posting to /bookmarks, so they work without JavaScript; with it a
// fetcher sends them and the control changes in place (optimistically).
import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ToastAction } from "~/toasts/toast";
import { showToast } from "~/toasts/toast-store";
import { submitInPlace } from "~/utils/forms";
import { LIBRARY_PATH, SHELF_LABELS, SHELVES, type Shelf } from "./shelves";

type LibraryReply = {
  result?:
    | { type: "shelved"; shelf: Shelf }
    | { type: "removed"; toast: { title: string; description?: string; duration: number; action: ToastAction } }
    | { type: "restored" | "absent" };
};

function Hidden({ intent, slug, redirectTo }: { intent: string; slug: string; redirectTo: string }) {
  return (
    <>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/** The id of a story's card in a list: where a form sent from the card brings the reader back to. */
export function storyCardId(slug: string): string {
  return `card-${slug}`;
}

export function BookmarkControl({
  slug,
  title,
  shelf,
  anchor,
}: {
  slug: string;
  title: string;
  shelf: Shelf | null;
  /** The id of the card the control stands in: without JavaScript the answer comes back to it, not
      to the top of a long list. */
  anchor?: string;
}) {
  const fetcher = useFetcher<LibraryReply>();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}${anchor ? `#${anchor}` : ""}`;
  const onSubmit = submitInPlace(fetcher, LIBRARY_PATH);

  const pending = fetcher.formData;
  // One change at a time: a second submission would abort this one in the browser while the
  // server may still apply it after the second (a Remove pressed before the Bookmark was saved
  // found nothing to remove, then the Bookmark was saved). Once the server has answered, the
  // revalidation that follows may be interrupted safely.
  const saving = fetcher.state === "submitting";
  let current = shelf;
  if (pending?.get("intent") === "shelve") current = (pending.get("shelf") as Shelf | null) ?? "bookmarked";
  if (pending?.get("intent") === "remove") current = null;

  const result = fetcher.data?.result;
  useEffect(() => {
    if (result?.type === "removed") showToast(result.toast);
  }, [result]);

  if (!current) {
    return (
      <fetcher.Form method="post" action={LIBRARY_PATH} onSubmit={onSubmit} className="flex flex-wrap gap-2">
        <Hidden intent="shelve" slug={slug} redirectTo={redirectTo} />
        <button
          type="submit"
          name="shelf"
          value="bookmarked"
          disabled={saving}
          className="btn py-1 text-sm"
          aria-label={`Bookmark ${title}`}
        >
          Bookmark
        </button>
        <button
          type="submit"
          name="shelf"
          value="read-later"
          disabled={saving}
          className="btn py-1 text-sm"
          aria-label={`Read later: ${title}`}
        >
          Read later
        </button>
      </fetcher.Form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <fetcher.Form
        method="post"
        action={LIBRARY_PATH}
        onSubmit={onSubmit}
        className="flex flex-wrap items-center gap-2"
      >
        <Hidden intent="shelve" slug={slug} redirectTo={redirectTo} />
        {/* Wraps, as the form does: in the largest text on a phone the row was 513 px wide. */}
        <label className="flex flex-wrap items-center gap-1">
          <span aria-hidden="true">Shelf</span>
          {/* Keyed on the shelf, so a change from elsewhere (a fetcher, a revalidation) resets the choice. */}
          <select
            key={current}
            name="shelf"
            defaultValue={current}
            aria-label={`Shelf for ${title}`}
            className="max-w-full rounded border border-line bg-surface px-2 py-1"
          >
            {SHELVES.map((s) => (
              <option key={s} value={s}>
                {SHELF_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={saving} className="btn py-1 text-sm" aria-label={`Move ${title}`}>
          Move
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action={LIBRARY_PATH} onSubmit={onSubmit}>
        <Hidden intent="remove" slug={slug} redirectTo={redirectTo} />
        <button
          type="submit"
          disabled={saving}
          className="btn py-1 text-sm"
          aria-label={`Remove ${title} from library`}
        >
          Remove
        </button>
      </fetcher.Form>
      <span className="text-muted">
        On your shelf: <strong>{SHELF_LABELS[current]}</strong>
      </span>
    </div>
  );
}
