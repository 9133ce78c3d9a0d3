import { storyDownload } from "~/downloads/downloads.server";
import type { Route } from "./+types/story";

/** /story/{slug}/download/{epub|html}: the story as a file (docs/decisions/042); refused like its page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return storyDownload({ request, context, kind: "story", slug: params.slug, format: params.format });
}
