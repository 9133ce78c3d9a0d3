import { getAvatar } from "~/profile/avatar.server";
import type { Route } from "./+types/avatar";

const FILE = /^([a-f0-9]{16})\.webp$/;
const ID = /^[a-z0-9]{1,40}$/i;

/** GET /avatars/{userId}/{version}.webp: from our origin; the version changes with the image, so it is cached a year. */
export async function loader({ params }: Route.LoaderArgs) {
  const version = FILE.exec(params.file)?.[1];
  const image = version && ID.test(params.userId) ? await getAvatar(params.userId, version) : null;
  if (!image) {
    return new Response("No avatar here.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
