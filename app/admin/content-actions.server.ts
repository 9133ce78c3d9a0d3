// The content table's one form (/admin/content): feature or unfeature a story, unpublish one or the
// ticked ones, and publish again what an Unpublish took off (its undo). Each answer is a redirect
// with a toast that says what happened; a refused one comes back as the form's error.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { pageUrl } from "~/site/list-query";
import { redirectWithToast } from "~/toasts/toast.server";
import { SlugSchema } from "~/utils/slug-schema";
import { featureStory } from "./content.server";
import { PostError, republishPost, unpublishPost } from "./posts.server";

const PostId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * One form for the whole list: each row's buttons name their story (feature=slug,
 * unpublish=id, publish=id: the undo of an unpublish), the bulk button unpublishes
 * the ticked rows (post-<id>=on).
 */
export const ContentActionSchema = z.object({
  feature: SlugSchema.optional(),
  unpublish: PostId.optional(),
  publish: PostId.optional(),
  intent: z.enum(["unfeature", "unpublish-selected"]).optional(),
});

export async function contentAction(request: Request, context: Readonly<RouterContextProvider>) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: ContentActionSchema });
  if (submission.status !== "success")
    return data({ error: "This form could not be read. Reload the page and try again." }, { status: 400 });
  const url = pageUrl(request);
  const back = `${url.pathname}${url.search}`;
  const { feature, unpublish, publish, intent } = submission.value;
  try {
    if (publish) {
      const { title } = await republishPost(admin, publish);
      return redirectWithToast(back, {
        title: `Published again: ${title}`.slice(0, 200),
        description: "Readers see it again.",
        variant: "success",
      });
    }
    if (feature) {
      await featureStory(admin, feature);
      return redirectWithToast(back, { title: "Featured on the home page", description: feature, variant: "success" });
    }
    if (intent === "unfeature") {
      await featureStory(admin, null);
      return redirectWithToast(back, { title: "No story is featured now", variant: "success" });
    }
    const ids =
      intent === "unpublish-selected"
        ? [...form.keys()].filter((k) => /^post-\d{1,10}$/.test(k)).map((k) => Number(k.slice(5)))
        : unpublish
          ? [unpublish]
          : [];
    if (!ids.length) return data({ error: "Tick the stories to unpublish first." }, { status: 400 });
    const done: string[] = [];
    for (const id of ids) done.push((await unpublishPost(admin, id)).title);
    // What happened, and the way back: its row now offers Publish, and one story's toast an Undo
    // (a real form, so it works without JavaScript too).
    const [only] = ids;
    return redirectWithToast(back, {
      title: `Unpublished: ${done.join(", ")}`.slice(0, 200),
      description:
        ids.length === 1
          ? "Readers no longer see it. Undo, or its row's Publish, puts it back."
          : "Readers no longer see them. Each row's Publish puts its story back.",
      variant: "success",
      ...(ids.length === 1 && only
        ? { action: { label: "Undo", action: back, fields: { publish: String(only) } } }
        : {}),
    });
  } catch (error) {
    if (!(error instanceof PostError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ error: error.message }, { status: error.status });
  }
}
