import { requireUser } from "~/auth/auth.server";
import { shelfDownload } from "~/downloads/downloads.server";
import { ShelfSchema } from "~/library/shelf-schemas";
import { SHELF_LABELS } from "~/library/shelves";
import { invariantResponse } from "~/utils/http";
import type { Route } from "./+types/shelf";

/** /bookmarks/download/{shelf}: the signed-in reader's shelf as one EPUB, a chapter a story. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A shelf that cannot be is a 404 for anyone, before the sign-in redirect (as /bookmarks?shelf=).
  const shelf = ShelfSchema.safeParse(params.shelf);
  invariantResponse(shelf.success, "There is no shelf of that name.", { status: 404 });
  const user = await requireUser(request);
  return shelfDownload({ request, context, userId: user.id, shelf: shelf.data, label: SHELF_LABELS[shelf.data] });
}
