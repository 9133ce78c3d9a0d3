// Avatars: an uploaded image is decoded and re-encoded by sharp (square,
// AVATAR_SIZE, WebP); sharp writes no metadata unless asked, so EXIF (GPS,
// camera) and ICC data are dropped. The bytes live in the database, so every
// server process serves them, under a versioned URL cached for a year.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { prisma } from "~/db.server";
import { AVATAR_SIZE } from "./avatar";

export class AvatarError extends Error {}

/** Decoding stops past this many pixels: a small file can claim a huge image (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export async function processAvatar(input: Uint8Array): Promise<Uint8Array> {
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
