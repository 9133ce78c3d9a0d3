import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { DEFAULT_PALETTE } from "./palette";
import { getPaletteCss, getSitePalette, PALETTE_KEY, resetPaletteCache, saveSitePalette } from "./palette.server";

const admin = { id: "admin-1", username: "keeper" };
const darker = { ...DEFAULT_PALETTE, light: { ...DEFAULT_PALETTE.light, ink: "#000000" } };

beforeEach(async () => {
  await prisma.keyValue.deleteMany({ where: { key: PALETTE_KEY } });
  await prisma.adminAudit.deleteMany();
  resetPaletteCache();
});

describe("the saved palette", () => {
  it("is the default, with no CSS, until one is saved", async () => {
    expect(await getSitePalette()).toEqual(DEFAULT_PALETTE);
    expect(await getPaletteCss()).toBe("");
  });

  it("saves with one palette.update audit row, and the CSS follows at once", async () => {
    await saveSitePalette(admin, darker);
    expect(await getPaletteCss()).toContain("--c-ink:#000000");
    const rows = await prisma.adminAudit.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "palette.update", objectType: "palette" });
    expect(JSON.parse(rows[0]?.after ?? "null")).toEqual(darker);
    // Another process reads it from the row.
    resetPaletteCache();
    expect(await getSitePalette()).toEqual(darker);
  });

  it("never saves a palette that fails the contrast check", async () => {
    const bad = { ...DEFAULT_PALETTE, light: { ...DEFAULT_PALETTE.light, ink: "#f0f0f0" } };
    await expect(saveSitePalette(admin, bad)).rejects.toThrow();
    expect(await prisma.keyValue.findUnique({ where: { key: PALETTE_KEY } })).toBeNull();
    expect(await prisma.adminAudit.count()).toBe(0);
  });

  it("ignores a stored row that no longer passes (the default shows instead)", async () => {
    const bad = { ...DEFAULT_PALETTE, light: { ...DEFAULT_PALETTE.light, ink: "#f0f0f0" } };
    await prisma.keyValue.create({ data: { key: PALETTE_KEY, value: JSON.stringify(bad) } });
    expect(await getSitePalette()).toEqual(DEFAULT_PALETTE);
  });

  it("goes back to the default on reset", async () => {
    await saveSitePalette(admin, darker);
    await saveSitePalette(admin, null);
    expect(await getPaletteCss()).toBe("");
    expect(await prisma.keyValue.findUnique({ where: { key: PALETTE_KEY } })).toBeNull();
  });
});
