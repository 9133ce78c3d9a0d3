import { FAILURE_RETRY_MS, ImageError, imageService } from "~/images/images.server";
import type { Route } from "./+types/image";

/**
 * GET /img/{token}/{width}.{avif|webp|jpg}: a featured image resized and
 * re-encoded on our origin (docs/decisions/027). The token is signed, so the
 * URL never changes its bytes: cached a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const { body, type } = await imageService().rendition(params.token, params.file);
    return new Response(new Uint8Array(body), {
      headers: {
        "Content-Type": type,
        "Content-Length": String(body.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    return new Response(error.status === 404 ? "No such image.\n" : "The image is not available now.\n", {
      status: error.status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": error.status === 404 ? "public, max-age=3600" : "no-store",
        // The source is not asked again before then (images.server.ts).
        ...(error.status === 502 ? { "Retry-After": String(FAILURE_RETRY_MS / 1000) } : {}),
      },
    });
  }
}
