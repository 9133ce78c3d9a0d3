// Writes public/og-image.png, the Open Graph image every page names
// (app/utils/site.ts): 1200x630 (the size Facebook and LinkedIn recommend),
// dark, with the site name in a blocky pixel face drawn here, so no font or
// image tool is needed. Run again after changing it: `npx node scripts/og-image.ts`.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";

const WIDTH = 1200;
const HEIGHT = 630;
const BACKGROUND: Rgb = [14, 10, 12];
const INK: Rgb = [178, 34, 34];
const RULE: Rgb = [60, 20, 24];
type Rgb = [number, number, number];

// 5x7 glyphs of the letters in "HORROR STORIES".
const GLYPHS: Record<string, string[]> = {
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  I: ["11111", "00100", "00100", "00100", "00100", "00100", "11111"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"],
};

function render(text: string): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const fill = (x0: number, y0: number, w: number, h: number, rgb: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels.set(rgb, (y * WIDTH + x) * 3);
  };
  fill(0, 0, WIDTH, HEIGHT, BACKGROUND);
  const scale = 12;
  const advance = 6 * scale;
  const textWidth = text.length * advance - scale;
  const left = Math.round((WIDTH - textWidth) / 2);
  const top = Math.round((HEIGHT - 7 * scale) / 2);
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`No glyph for ${char}`);
    glyph.forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit === "1") fill(left + index * advance + x * scale, top + y * scale, scale, scale, INK);
      });
    });
  });
  fill(left, top + 9 * scale, textWidth, 4, RULE);
  // PNG rows start with a filter byte (0: none).
  const raw = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y++) pixels.copy(raw, y * (1 + WIDTH * 3) + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const file = path.resolve(import.meta.dirname, "../public/og-image.png");
await writeFile(file, render("HORROR STORIES"));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
