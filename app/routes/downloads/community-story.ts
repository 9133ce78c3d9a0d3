import { storyDownload } from "~/downloads/downloads.server";
import type { Route } from "./+types/community-story";

/** /community-story/{slug}/download/{epub|html}: a published community story as a file; refused like its page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return storyDownload({ request, context, kind: "community", slug: params.slug, format: params.format });
}
