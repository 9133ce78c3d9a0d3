import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeStaleScratch, SCRATCH_DIR_ENV, scratchDir, suiteDatabaseFile } from "./scratch-dir.ts";

const given = process.env[SCRATCH_DIR_ENV];
afterEach(() => {
  if (given === undefined) delete process.env[SCRATCH_DIR_ENV];
  else process.env[SCRATCH_DIR_ENV] = given;
});

describe("the tests' scratch folder", () => {
  it("is the folder HS_TEST_SCRATCH_DIR names, and the system's temporary folder when it is empty", () => {
    process.env[SCRATCH_DIR_ENV] = "/somewhere/else";
    expect(scratchDir()).toBe("/somewhere/else");
    process.env[SCRATCH_DIR_ENV] = "";
    expect(scratchDir()).toBe(tmpdir());
  });

  it("is Linux's tmpfs only when it has 1 GB free, else the system's temporary folder", () => {
    delete process.env[SCRATCH_DIR_ENV];
    let room = 0;
    try {
      const stats = statfsSync("/dev/shm");
      room = stats.bavail * stats.bsize;
    } catch {
      // No /dev/shm on this system.
    }
    const tmpfs = process.platform === "linux" && room >= 1024 ** 3;
    expect(scratchDir()).toBe(tmpfs ? "/dev/shm" : tmpdir());
  });

  it("keeps the browser-test site's database in a folder of this checkout's own", () => {
    process.env[SCRATCH_DIR_ENV] = "/scratch";
    const file = suiteDatabaseFile("e2e.db");
    expect(path.dirname(path.dirname(file))).toBe("/scratch");
    expect(path.basename(path.dirname(file))).toMatch(/^hs-e2e-[0-9a-f]{10}$/);
    expect(path.basename(file)).toBe("e2e.db");
  });

  it("loses the sites and templates that interrupted runs left over a day ago, and nothing else", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "scratch-test-"));
    try {
      process.env[SCRATCH_DIR_ENV] = dir;
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
      for (const name of ["hs-site-old", "hs-template-old", "hs-site-new", "someone-elses-old"]) {
        mkdirSync(path.join(dir, name));
        if (name.endsWith("-old")) utimesSync(path.join(dir, name), twoDaysAgo, twoDaysAgo);
      }
      await removeStaleScratch(["hs-site-", "hs-template-"]);
      expect(existsSync(path.join(dir, "hs-site-old"))).toBe(false);
      expect(existsSync(path.join(dir, "hs-template-old"))).toBe(false);
      expect(existsSync(path.join(dir, "hs-site-new"))).toBe(true);
      expect(existsSync(path.join(dir, "someone-elses-old"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
