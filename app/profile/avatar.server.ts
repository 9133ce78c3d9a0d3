// Avatars: an uploaded image is decoded and re-encoded by sharp (square,
// AVATAR_SIZE, WebP); sharp writes no metadata unless asked, so EXIF (GPS,
// camera) and ICC data are dropped. The bytes live in the database, so every
// server process serves them, under a versioned URL cached for a year.
import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { prisma } from "~/db.server";
import { loadSharp } from "~/images/sharp.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { AVATAR_SIZE, AvatarSchema } from "./avatar";

export class AvatarError extends Error {}

/** Decoding stops past this many pixels: a small file can claim a huge image (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export async function processAvatar(input: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AvatarError("That file is not an image we can read. Upload a JPEG, PNG, WebP or GIF.");
  }
}

export const avatarUrl = (userId: string, version: string) => `/avatars/${userId}/${version}.webp`;

export async function saveAvatar(userId: string, file: File) {
  const data = await processAvatar(new Uint8Array(await file.arrayBuffer()));
  const version = createHash("sha256").update(data).digest("hex").slice(0, 16);
  const bytes = new Uint8Array(data);
  await prisma.$transaction([
    prisma.avatarImage.upsert({
      where: { userId },
      create: { userId, data: bytes, version },
      update: { data: bytes, version },
    }),
    prisma.user.update({ where: { id: userId }, data: { avatar: avatarUrl(userId, version) } }),
  ]);
}

export async function removeAvatar(userId: string) {
  await prisma.$transaction([
    prisma.avatarImage.deleteMany({ where: { userId } }),
    prisma.user.update({ where: { id: userId }, data: { avatar: null } }),
  ]);
}

/** The bytes of a user's avatar at this version, or null. */
export async function getAvatar(userId: string, version: string) {
  const row = await prisma.avatarImage.findUnique({ where: { userId }, select: { data: true, version: true } });
  return row && row.version === version ? row.data : null;
}

/**
 * The avatar forms' action (upload or remove), for every page that offers them
 * (/profile, /settings/profile): back to `back` with a toast, or the form's errors with a 400.
 */
export async function handleAvatarForm(userId: string, form: FormData, back: string) {
  const submission = parseWithZod(form, { schema: AvatarSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.intent === "remove") {
    await removeAvatar(userId);
    return redirectWithToast(back, { title: "Avatar removed", variant: "success" });
  }
  try {
    await saveAvatar(userId, submission.value.avatar);
  } catch (error) {
    if (error instanceof AvatarError) return data(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
  return redirectWithToast(back, { title: "Avatar updated", variant: "success" });
}
