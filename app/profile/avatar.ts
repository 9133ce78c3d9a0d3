import { z } from "zod";

/**
 * The biggest upload taken: a phone's photo as it comes (a 12-megapixel JPEG is 3 to 7 MB), made
 * small on the server. Under the avatar forms' body limit (MAX_UPLOAD_BODY_BYTES, ~/utils/http),
 * with room for the form; past that limit the forms answer the same message (docs/decisions/057).
 */
export const AVATAR_MAX_BYTES = 10_000_000;
export const AVATAR_TOO_LARGE = `The image is larger than ${AVATAR_MAX_BYTES / 1_000_000} MB. Choose a smaller one.`;
/** What the form's label promises, and all the server takes (by the file's content, not its name). */
export const AVATAR_FORMATS = "JPEG, PNG, WebP or GIF";
/** Avatars are served square at this size (2x the largest place they are shown, 96 px). */
export const AVATAR_SIZE = 192;
export const DEFAULT_AVATAR = "/default-avatar.svg";

export const AvatarSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    avatar: z
      .instanceof(File, { error: "Choose an image to upload." })
      .refine((file) => file.size > 0, "Choose an image to upload.")
      .refine((file) => file.size <= AVATAR_MAX_BYTES, AVATAR_TOO_LARGE),
  }),
  z.object({ intent: z.literal("remove") }),
]);
