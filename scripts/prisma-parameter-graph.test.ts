import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  decodeGraph,
  edgeSlots,
  encodeGraph,
  type ParameterSchema,
  reorderStrings,
  rewriteParameterSchema,
} from "./prisma-parameter-graph.ts";

const root = path.resolve(import.meta.dirname, "..");
const CLIENTS = ["prisma", "prisma-postgres"];

function generated(client: string): string {
  return readFileSync(path.join(root, "app/generated", client, "internal/class.ts"), "utf8");
}

function schemaOf(code: string): ParameterSchema {
  const match = /strings: JSON\.parse\(("(?:[^"\\]|\\.)*")\),\s*graph: ("[\w-]*")/.exec(code);
  if (!match) throw new Error("no parameterizationSchema");
  return { strings: JSON.parse(JSON.parse(match[1] as string) as string), graph: JSON.parse(match[2] as string) };
}

/** What Prisma's runtime can ask of the graph: an edge of a node by its name, a root by its name, an edge's enum by its name. */
function lookups(schema: ParameterSchema) {
  const graph = decodeGraph(schema.graph);
  const named = <T extends { key: number; enumNameIndex?: number }>(edges: T[]) =>
    Object.fromEntries(
      edges.map(({ key, enumNameIndex, ...rest }) => [
        schema.strings[key],
        { ...rest, enumName: enumNameIndex === undefined ? undefined : schema.strings[enumNameIndex] },
      ]),
    );
  return {
    inputNodes: graph.inputNodes.map(named),
    outputNodes: graph.outputNodes.map(named),
    roots: Object.fromEntries(graph.roots.map(({ name, ...ids }) => [schema.strings[name], ids])),
  };
}

test.each(CLIENTS)("app/generated/%s: the graph decodes and encodes back to the same text", (client) => {
  const schema = schemaOf(generated(client));
  expect(encodeGraph(decodeGraph(schema.graph))).toBe(schema.graph);
});

test.each(CLIENTS)("app/generated/%s: the reordered graph answers every lookup as the generated one", (client) => {
  const schema = schemaOf(generated(client));
  const reordered = reorderStrings(schema);
  expect([...reordered.strings].sort()).toEqual([...schema.strings].sort());
  expect(lookups(reordered)).toEqual(lookups(schema));
});

// The mechanism: each decoded node holds an array up to its largest key. 786,200 slots (6.3 MB)
// for the generated order on 2026-11-29, 143,581 reordered.
test.each(CLIENTS)(
  "app/generated/%s: the reordered graph's edge objects need under a quarter of the slots",
  (client) => {
    const schema = schemaOf(generated(client));
    expect(edgeSlots(reorderStrings(schema))).toBeLessThan(edgeSlots(schema) / 4);
  },
);

test.each(CLIENTS)(
  "the server build's plugin finds and rewrites app/generated/%s's parameterizationSchema",
  (client) => {
    const code = generated(client);
    const rewritten = rewriteParameterSchema(code);
    expect(rewritten).not.toBeNull();
    expect(schemaOf(rewritten as string)).toEqual(reorderStrings(schemaOf(code)));
    expect((rewritten as string).length).toBeGreaterThan(code.length * 0.9);
  },
);

test("a schema of another shape is not rewritten (the plugin then fails the build)", () => {
  expect(rewriteParameterSchema(`config.parameterizationSchema = { graph: "" }`)).toBeNull();
});

test("strings that repeat are refused: the runtime's name-to-index map would keep only the last", () => {
  expect(() =>
    reorderStrings({ strings: ["a", "a"], graph: encodeGraph({ inputNodes: [], outputNodes: [], roots: [] }) }),
  ).toThrow(/repeat/);
});

// The generated schemas have no enum (SQLite has none), so a small graph says an enum's name follows its string.
test("an edge's enum name and a root's name follow their strings", () => {
  const schema = {
    strings: ["Story.findMany", "status", "Status", "where"],
    graph: encodeGraph({
      inputNodes: [
        [
          { key: 1, scalarMask: 1, enumNameIndex: 2, flags: 2 },
          { key: 3, scalarMask: 0, childNodeId: 0, flags: 32 },
        ],
      ],
      outputNodes: [],
      roots: [{ name: 0, argsNodeId: 0 }],
    }),
  };
  const reordered = reorderStrings(schema);
  expect(reordered.strings.slice(0, 2)).toEqual(["status", "where"]);
  expect(lookups(reordered)).toEqual(lookups(schema));
});
