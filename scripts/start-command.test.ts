import { describe, expect, it } from "vitest";
import { dockerStartCommand, parseStartCommand, startCommand } from "./start-command.ts";

describe("the production server's command", () => {
  it("is read as the variables before node, the options after it, and the script", () => {
    expect(
      parseStartCommand("A_B=1 C=x node --env-file-if-exists=.env --max-semi-space-size=4 build/start.js"),
    ).toEqual({ env: { A_B: "1", C: "x" }, flags: ["--max-semi-space-size=4"], entry: "build/start.js" });
    expect(parseStartCommand("exec env M=1 node build/start.js")).toEqual({
      env: { M: "1" },
      flags: [],
      entry: "build/start.js",
    });
    expect(() => parseStartCommand("npm run sync")).toThrow();
  });

  it("is the same for npm start and the container", () => {
    expect(dockerStartCommand()).toEqual(startCommand());
  });

  it("runs the build's JavaScript entry, not TypeScript (Node's type stripper stays resident once loaded)", () => {
    expect(startCommand().entry).toBe("build/start.js");
  });

  it("keeps the server within its memory budget (docs/performance.md, decision 030)", () => {
    const { env, flags } = startCommand();
    expect(flags).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^--max-semi-space-size=\d+$/),
        expect.stringMatching(/^--heap-growing-percent=\d+$/),
        "--liftoff-only",
      ]),
    );
    expect(env.MALLOC_ARENA_MAX).toBeDefined();
  });
});
