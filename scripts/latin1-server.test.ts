import { describe, expect, it } from "vitest";
import { beyondLatin1, latin1ServerBuild } from "./latin1-server.ts";

describe("beyondLatin1", () => {
  it("finds what V8 would store at two bytes a character, and nothing in Latin-1", () => {
    expect(beyondLatin1('const a = "café ±";\n// naïve')).toEqual([]);
    const found = beyondLatin1('const a = "x";\n/** a → b */\nconst b = "…";');
    expect(found.map(({ char }) => char)).toEqual(["→", "…"]);
    expect(found[0]?.context).toContain("/** a → b");
    expect(beyondLatin1("😱".repeat(10)).length).toBe(3);
  });
});

describe("latin1ServerBuild", () => {
  const generate = (code: string) => {
    const plugin = latin1ServerBuild();
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    const bundle = {
      "index.js": { type: "chunk", fileName: "index.js", code },
      "assets/a.wasm": { type: "asset", fileName: "assets/a.wasm", source: "→" },
    };
    try {
      (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(context, {}, bundle);
    } catch {}
    return errors;
  };

  it("fails the build on a chunk beyond Latin-1, naming the chunk and the character", () => {
    expect(generate('const a = "\\u2026";')).toEqual([]);
    const [error] = generate("/*! © Someone → */\nconst a = 1;");
    expect(error).toMatch(/^index\.js has characters beyond Latin-1 \("→" in/);
  });
});
