// Prisma's query-parameter graph with its strings reordered, most used first (docs/decisions/030,
// 2026-11-29, 13:00). Prisma 7 decodes the graph at the client's start into one `edges` object per
// node, keyed by the index of each edge's name in `strings`. Those keys are integers below about a
// thousand, so V8 stores each object's edges as an array as long as its largest key, mostly holes:
// 8.8 MB of the 9.4 MB the decoded graph held at rest in the heap snapshot, for the life of the
// process. The runtime only looks an edge up by its name's index (and a root's or an enum's name
// by index), so the same graph with the names renumbered answers every lookup the same, and the
// names most nodes use get the smallest keys. The generated client is not edited: the server
// build's Prisma plugin (scripts/prisma-wasm-file.ts) applies this to the generated text.

/** `parameterizationSchema` as the generated client holds it: the names, and the graph in base64url. */
export type ParameterSchema = { strings: string[]; graph: string };

type InputEdge = { key: number; scalarMask: number; childNodeId?: number; enumNameIndex?: number; flags: number };
type OutputEdge = { key: number; argsNodeId?: number; outputNodeId?: number };
type Root = { name: number; argsNodeId?: number; outputNodeId?: number };
type Graph = { inputNodes: InputEdge[][]; outputNodes: OutputEdge[][]; roots: Root[] };

/** The binary form Prisma 7.10's runtime reads (its `deserialize`): LEB128 counts and indices, optional ones stored +1. */
export function decodeGraph(graph: string): Graph {
  const bytes = Buffer.from(graph, "base64url");
  let at = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++] as number;
      if (byte === undefined) throw new Error("the parameter graph ends early");
      value += (byte & 127) * 2 ** shift;
      shift += 7;
    } while (byte >= 128);
    return value;
  };
  const optional = () => {
    const value = varint();
    return value === 0 ? undefined : value - 1;
  };
  const inputCount = varint();
  const outputCount = varint();
  const rootCount = varint();
  const inputNodes: InputEdge[][] = [];
  for (let n = 0; n < inputCount; n++) {
    const edges: InputEdge[] = [];
    for (let count = varint(), e = 0; e < count; e++) {
      const key = varint();
      const scalarMask = bytes.readUInt16LE(at);
      at += 2;
      const childNodeId = optional();
      const enumNameIndex = optional();
      const flags = bytes.readUInt8(at++);
      edges.push({ key, scalarMask, childNodeId, enumNameIndex, flags });
    }
    inputNodes.push(edges);
  }
  const outputNodes: OutputEdge[][] = [];
  for (let n = 0; n < outputCount; n++) {
    const edges: OutputEdge[] = [];
    for (let count = varint(), e = 0; e < count; e++) {
      edges.push({ key: varint(), argsNodeId: optional(), outputNodeId: optional() });
    }
    outputNodes.push(edges);
  }
  const roots: Root[] = [];
  for (let n = 0; n < rootCount; n++) roots.push({ name: varint(), argsNodeId: optional(), outputNodeId: optional() });
  if (at !== bytes.length) throw new Error(`the parameter graph has ${bytes.length - at} bytes after its roots`);
  return { inputNodes, outputNodes, roots };
}

export function encodeGraph(graph: Graph): string {
  const out: number[] = [];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 128) {
      out.push((rest % 128) | 128);
      rest = Math.floor(rest / 128);
    }
    out.push(rest);
  };
  const optional = (value: number | undefined) => varint(value === undefined ? 0 : value + 1);
  varint(graph.inputNodes.length);
  varint(graph.outputNodes.length);
  varint(graph.roots.length);
  for (const edges of graph.inputNodes) {
    varint(edges.length);
    for (const edge of edges) {
      varint(edge.key);
      out.push(edge.scalarMask & 255, edge.scalarMask >> 8);
      optional(edge.childNodeId);
      optional(edge.enumNameIndex);
      out.push(edge.flags);
    }
  }
  for (const edges of graph.outputNodes) {
    varint(edges.length);
    for (const edge of edges) {
      varint(edge.key);
      optional(edge.argsNodeId);
      optional(edge.outputNodeId);
    }
  }
  for (const root of graph.roots) {
    varint(root.name);
    optional(root.argsNodeId);
    optional(root.outputNodeId);
  }
  return Buffer.from(out).toString("base64url");
}

/** The same schema with `strings` ordered by how many nodes use each as an edge's name, most first. */
export function reorderStrings(schema: ParameterSchema): ParameterSchema {
  // The runtime maps a name to its index with a Map: with a name twice, only the last index answers.
  if (new Set(schema.strings).size !== schema.strings.length) throw new Error("the parameter graph's strings repeat");
  const graph = decodeGraph(schema.graph);
  const uses = schema.strings.map(() => 0);
  for (const edges of [...graph.inputNodes, ...graph.outputNodes]) {
    for (const edge of edges) {
      if (uses[edge.key] === undefined)
        throw new Error(`the parameter graph names string ${edge.key} of ${uses.length}`);
      uses[edge.key] = (uses[edge.key] ?? 0) + 1;
    }
  }
  // Stable: names used equally keep their order.
  const order = schema.strings.map((_, i) => i).sort((a, b) => (uses[b] ?? 0) - (uses[a] ?? 0) || a - b);
  const newIndex = new Map(order.map((old, i) => [old, i]));
  const to = (old: number) => {
    const index = newIndex.get(old);
    if (index === undefined) throw new Error(`the parameter graph names string ${old} of ${order.length}`);
    return index;
  };
  const enumIndex = (old: number | undefined) => (old === undefined ? undefined : to(old));
  return {
    strings: order.map((old) => schema.strings[old] as string),
    graph: encodeGraph({
      inputNodes: graph.inputNodes.map((edges) =>
        edges.map((edge) => ({ ...edge, key: to(edge.key), enumNameIndex: enumIndex(edge.enumNameIndex) })),
      ),
      outputNodes: graph.outputNodes.map((edges) => edges.map((edge) => ({ ...edge, key: to(edge.key) }))),
      roots: graph.roots.map((root) => ({ ...root, name: to(root.name) })),
    }),
  };
}

/** The generated assignment: `config.parameterizationSchema = { strings: JSON.parse("…"), graph: "…" }`. */
const ASSIGNMENT =
  /config\.parameterizationSchema = \{\s*strings: JSON\.parse\(("(?:[^"\\]|\\.)*")\),\s*graph: ("[\w-]*")\s*\}/;

/** `code` (a generated client's class module) with its parameter graph reordered; null when the assignment is not there. */
export function rewriteParameterSchema(code: string): string | null {
  const match = ASSIGNMENT.exec(code);
  if (!match) return null;
  const strings = JSON.parse(JSON.parse(match[1] as string) as string) as string[];
  const graph = JSON.parse(match[2] as string) as string;
  const reordered = reorderStrings({ strings, graph });
  const replacement = `config.parameterizationSchema = {
  strings: JSON.parse(${JSON.stringify(JSON.stringify(reordered.strings))}),
  graph: ${JSON.stringify(reordered.graph)}
}`;
  return code.replace(match[0], () => replacement);
}

/** Bytes of V8's fast element stores for the decoded graph's `edges` objects: one 8-byte slot up to each node's largest key. */
export function edgeSlots(schema: ParameterSchema): number {
  const graph = decodeGraph(schema.graph);
  let slots = 0;
  for (const edges of [...graph.inputNodes, ...graph.outputNodes]) {
    if (edges.length) slots += Math.max(...edges.map((edge) => edge.key)) + 1;
  }
  return slots;
}
