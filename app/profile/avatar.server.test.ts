import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { avatarFormat, processAvatar } from "./avatar.server";

const refusal = (input: Uint8Array) =>
  processAvatar(input).then(
    () => "taken",
    (error: Error) => error.message,
  );

const image = (format: "jpeg" | "png" | "gif" | "webp" | "tiff", width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#552233" } })
    .toFormat(format)
    .toBuffer();

describe("avatar uploads", () => {
  it("takes the four formats the form names, made a 192 px WebP", async () => {
    for (const format of ["jpeg", "png", "gif", "webp"] as const) {
      const bytes = await image(format);
      expect(avatarFormat(bytes)).toBe(format);
      const out = await processAvatar(bytes);
      expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: 192, height: 192 });
    }
  });

  it("refuses an SVG by its content, whatever it is called, before any decoder reads it", async () => {
    const svg = new TextEncoder().encode(
      `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
    );
    expect(avatarFormat(svg)).toBeNull();
    expect(await refusal(svg)).toBe("SVG drawings are not taken as avatars. Upload a JPEG, PNG, WebP or GIF.");
  });

  it("refuses other images libvips could read, and bytes that only start like an image", async () => {
    expect(await refusal(await image("tiff"))).toBe(
      "That file is not an image we can read. Upload a JPEG, PNG, WebP or GIF.",
    );
    expect(await refusal(new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2, 3]))).toMatch(/not an image we can read/);
    // A PNG's signature before a GIF: the decoder's format must be the one the bytes named.
    const gif = await image("gif");
    const mixed = new Uint8Array([...new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...gif]);
    expect(await refusal(mixed)).toMatch(/not an image we can read/);
  });

  it("says so when an image has more pixels than it decodes", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await refusal(huge)).toBe("The image is larger than 40 megapixels. Choose a smaller one.");
  });

  it("takes a phone's 12-megapixel photo", async () => {
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#334455" } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(await sharp(await processAvatar(photo)).metadata()).toMatchObject({ width: 192, height: 192 });
  });
});
