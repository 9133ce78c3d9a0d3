// The story form's action, shared by /submit-story, /edit-story/{id} and the
// autosave endpoint: one parse, one set of messages, and a refused post that
// comes back with everything the writer typed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { readPostedForm } from "~/auth/csrf.server";
import type { SessionUser } from "~/auth/session.server";
import { isConfirmed } from "~/components/confirm-step";
import { storyBlocks } from "~/content/paragraphs.server";
import { env } from "~/env.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { editStoryPath } from "~/utils/story-paths";
import { countWords } from "~/utils/text";
import { renderStoryMarkdown } from "./markdown.server";
import {
  createStory,
  deleteOwnStory,
  StoryError,
  storyForEdit,
  storyToDelete,
  updateStory,
  withdrawStory,
} from "./stories.server";
import { type StoryPreview, StorySchema } from "./story-form";

/** /edit-story/{id}: a positive integer, else the story does not exist. */
export function storyIdParam(value: string | undefined): number {
  const id = value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw data({ message: "No story of yours has this address." }, { status: 404 });
  return id;
}

/**
 * /edit-story/{id}'s buttons that are not the form's: Withdraw, and Delete, whose first press only
 * asks (the confirm step, answered as data so it works without JavaScript) and whose step's "Yes"
 * deletes. Null for any other intent: the story form's (handleStoryForm).
 */
export async function handleStoryLifecycle(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  id: number,
) {
  const form = await readPostedForm(request, context);
  const intent = form.get("intent");
  if (intent !== "withdraw" && intent !== "delete") return null;
  try {
    if (intent === "withdraw") {
      await withdrawStory(user, id);
      return redirectWithToast("/edit-story", {
        title: "Story withdrawn",
        description: "It is no longer public. You can edit it and submit it again.",
      });
    }
    if (!isConfirmed(form)) return data({ deleteAsk: await storyToDelete(user, id) });
    const { title } = await deleteOwnStory(user, id);
    return redirectWithToast("/edit-story", { title: "Story deleted", description: `“${title}” is gone for good.` });
  } catch (error) {
    if (error instanceof StoryError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function handleStoryForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  id: number | null,
) {
  const form = await readPostedForm(request, context);
  if (form.get("intent") === "preview") return previewStory(form, user, id);
  const submission = parseWithZod(form, { schema: StorySchema });
  // "intent" is the button pressed: an error there is one the writer cannot see, so it is said on top.
  if (submission.status !== "success") return data(replyToFailure(submission, ["intent"]), { status: 400 });
  try {
    const result =
      id === null
        ? await createStory(user, submission.value)
        : { id, ...(await updateStory(user, id, submission.value)) };
    const storyId = result.id;
    if (submission.value.intent === "submit") {
      return redirectWithToast("/edit-story", {
        title: "Sent for review",
        description:
          result.status === "published"
            ? "Your new version waits for a moderator; the published one stays online until then."
            : "A moderator will read it soon. You will get a notification.",
        variant: "success",
      });
    }
    return redirectWithToast(editStoryPath(storyId), { title: "Draft saved", variant: "success" });
  } catch (error) {
    if (!(error instanceof StoryError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    // Refused as a whole (rate limit, review in progress): the form comes back filled, with the reason on top.
    return data(submission.reply({ formErrors: [error.message] }), error.init);
  }
}

/**
 * "Preview": the text as the story's page will show it (the same Markdown, the same allow-list, the
 * same blocks), above the form, which comes back as typed. Nothing is saved or checked: a preview
 * of half a story is no refusal. Another writer's story id stays a 404, as for every other intent.
 */
async function previewStory(form: FormData, user: SessionUser, id: number | null) {
  if (id !== null) {
    try {
      await storyForEdit(user, id);
    } catch (error) {
      if (error instanceof StoryError) throw data({ message: error.message }, { status: error.status });
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: StorySchema });
  const text = form.get("markdown");
  const title = form.get("title");
  const markdown = typeof text === "string" ? text : "";
  const preview: StoryPreview = {
    title: typeof title === "string" ? title.trim() : "",
    blocks: storyBlocks(renderStoryMarkdown(markdown, env.SITE_URL)),
    words: countWords(markdown),
  };
  return data({ initialValue: submission.reply().initialValue, preview });
}

/** The autosave (JSON): the same checks as "Save draft", answered as data. */
export async function autosaveStory(request: Request, context: Readonly<RouterContextProvider>, user: SessionUser) {
  const form = await readPostedForm(request, context);
  form.set("intent", "save");
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? storyIdParam(rawId) : null;
  const submission = parseWithZod(form, { schema: StorySchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return Response.json(
      { saved: false, message: first ?? "The draft was not valid.", code: "VALIDATION_ERROR" },
      { status: 400 },
    );
  }
  try {
    const saved =
      id === null
        ? await createStory(user, submission.value)
        : { id, ...(await updateStory(user, id, submission.value)) };
    return Response.json({ saved: true, id: saved.id, savedAt: new Date().toISOString() });
  } catch (error) {
    if (!(error instanceof StoryError)) throw error;
    const code = error.status === 404 ? "NOT_FOUND" : error.status === 429 ? "RATE_LIMITED" : "CLIENT_ERROR";
    return Response.json({ saved: false, message: error.message, code }, error.init);
  }
}
