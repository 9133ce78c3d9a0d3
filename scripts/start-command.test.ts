import { describe, expect, it } from "vitest";
import { dockerStartFlags, nodeFlagsOf, startScriptFlags } from "./node-flags.ts";

describe("the production server's Node options", () => {
  it("are read from between node and server/index.ts, without --env-file", () => {
    expect(nodeFlagsOf("node --env-file-if-exists=.env --max-semi-space-size=4 server/index.ts")).toEqual([
      "--max-semi-space-size=4",
    ]);
    expect(nodeFlagsOf("exec node server/index.ts")).toEqual([]);
    expect(() => nodeFlagsOf("node scripts/sync.ts")).toThrow();
  });

  it("are the same for npm start and the container", () => {
    expect(dockerStartFlags()).toEqual(startScriptFlags());
  });

  it("size V8's young generation for the 200 MB memory budget (docs/performance.md)", () => {
    expect(startScriptFlags()).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
  });
});
