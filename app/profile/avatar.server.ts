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
import { AVATAR_FORMATS, AVATAR_SIZE, AVATAR_TOO_LARGE, AvatarSchema } from "./avatar";

export class AvatarError extends Error {}

/** Decoding stops past this many pixels: a small file can claim a huge image (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The four formats the form names, by their first bytes (never the file's name or the type the browser claims). */
export function avatarFormat(bytes: Uint8Array): "jpeg" | "png" | "gif" | "webp" | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

const NOT_AN_IMAGE = `That file is not an image we can read. Upload a ${AVATAR_FORMATS}.`;

export async function processAvatar(input: Uint8Array): Promise<Uint8Array> {
  // Anything else is refused before a decoder sees it: libvips would also read SVG (through
  // librsvg, a parser of untrusted XML), TIFF, HEIF, PDF and more, none of which the form offers.
  const format = avatarFormat(input);
  if (!format) {
    const svg = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
      new TextDecoder().decode(input.subarray(0, 2048)),
    );
    throw new AvatarError(svg ? `SVG drawings are not taken as avatars. Upload a ${AVATAR_FORMATS}.` : NOT_AN_IMAGE);
  }
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new AvatarError(NOT_AN_IMAGE);
  }
  // The decoder libvips chose from the content must be the one the first bytes named.
  if (metadata.format !== format) throw new AvatarError(NOT_AN_IMAGE);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AvatarError(`The image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Choose a smaller one.`);
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AvatarError(NOT_AN_IMAGE);
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

/** The avatar form's answer to a body past its limit, which was never read (bodyTooLargeContext): status 413. */
export function avatarTooLarge() {
  return data(
    { status: "error" as const, error: { avatar: [AVATAR_TOO_LARGE] } as Record<string, string[]> },
    { status: 413 },
  );
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
