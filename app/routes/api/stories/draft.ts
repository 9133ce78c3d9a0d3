import { getOptionalUser } from "~/auth/auth.server";
import { autosaveStory } from "~/stories/story-form.server";
import { jsonError } from "~/utils/api-errors";
import type { Route } from "./+types/draft";

/** POST (form fields of the story form, plus `id` once the story exists): the autosave of a draft, answered in JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return jsonError("Sign in to save your story.", 401, { "Cache-Control": "private, no-store" });
  return autosaveStory(request, context, user);
}
