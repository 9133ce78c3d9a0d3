// The library's forms (/bookmarks and /reading-position): without JavaScript a
// form posts with its redirectTo and the reader is sent back (post/redirect/
// get, with a flash toast, Undo included); with JavaScript a fetcher posts the
// same fields without redirectTo and gets data to update the page in place.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { recordReadingEvent } from "~/analytics/record.server";
import type { SessionUser } from "~/auth/session.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { readFormData } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import { LibraryError, removeFromLibrary, restoreToLibrary, savePosition, shelveStory } from "./library.server";
import { LibraryFormSchema, PositionSchema } from "./shelf-schemas";
import { LIBRARY_PATH, paragraphId, SHELF_LABELS } from "./shelves";

/** The library's 4xx errors as the product's error page (the message shown as it is). */
async function asPage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LibraryError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export function handleLibraryForm(request: Request, user: SessionUser) {
  return asPage(() => libraryForm(request, user));
}

export function handlePositionForm(request: Request, user: SessionUser, context: Readonly<RouterContextProvider>) {
  return asPage(() => positionForm(request, user, context));
}

async function libraryForm(request: Request, user: SessionUser) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: LibraryFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const back = input.redirectTo === undefined ? null : safeRedirectPath(input.redirectTo, LIBRARY_PATH);

  if (input.intent === "shelve") {
    const result = await shelveStory(user.id, input.slug, input.shelf);
    if (!back) return { result: { type: "shelved" as const, ...result } };
    return redirectWithToast(back, {
      title: `On your shelf: ${SHELF_LABELS[result.shelf]}`,
      description: result.title,
      variant: "success",
    });
  }

  if (input.intent === "remove") {
    const removed = await removeFromLibrary(user.id, input.slug);
    if (!removed) {
      if (!back) return { result: { type: "absent" as const, slug: input.slug } };
      return redirectWithToast(back, { title: "That story was not in your library." });
    }
    const toast = {
      title: "Removed from your library",
      description: removed.title,
      action: {
        label: "Undo",
        action: LIBRARY_PATH,
        fields: { intent: "undo", slug: removed.slug, shelf: removed.shelf, added: String(removed.added) },
      },
    };
    if (!back) return { result: { type: "removed" as const, ...removed, toast } };
    return redirectWithToast(back, toast);
  }

  const restored = await restoreToLibrary(user.id, input.slug, input.shelf, new Date(input.added));
  if (!back) return { result: { type: "restored" as const, ...restored } };
  return redirectWithToast(back, {
    title: `Back on your shelf: ${SHELF_LABELS[restored.shelf]}`,
    description: restored.title,
    variant: "success",
  });
}

/** "I stopped here" / "I finished": the position is saved and the reader goes back to that paragraph. */
async function positionForm(request: Request, user: SessionUser, context: Readonly<RouterContextProvider>) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: PositionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { slug, paragraph, redirectTo } = submission.value;
  const saved = await savePosition(user.id, slug, paragraph);
  // The reading-time figures, only with analytics consent (docs/decisions/023).
  await recordReadingEvent(request, context, saved);
  if (redirectTo === undefined) return { result: saved };
  const back = safeRedirectPath(redirectTo, `/story/${slug}`).replace(/#.*$/, "");
  return redirectWithToast(`${back}#${paragraphId(paragraph)}`, {
    title: saved.finished ? "Finished: well done" : `Place saved: ${saved.percent}% read`,
    description: saved.finished ? "The story is on your Finished shelf." : undefined,
    variant: "success",
  });
}
