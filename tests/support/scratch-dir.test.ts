import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SCRATCH_DIR_ENV, scratchDir, suiteDatabaseFile } from "./scratch-dir.ts";

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
});
