import { z } from "zod";

/** The biggest upload taken: under the site's 2 MB body limit (app/utils/http.ts), with room for the form. */
export const AVATAR_MAX_BYTES = 1_500_000;
/** Avatars are served square at this size (2x the largest place they are shown, 96 px). */
export const AVATAR_SIZE = 192;
export const DEFAULT_AVATAR = "/default-avatar.svg";

export const AvatarSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    avatar: z
      .instanceof(File, { error: "Choose an image to upload." })
      .refine((file) => file.size > 0, "Choose an image to upload.")
      .refine((file) => file.size <= AVATAR_MAX_BYTES, "The image is larger than 1.5 MB. Choose a smaller one."),
  }),
  z.object({ intent: z.literal("remove") }),
]);
