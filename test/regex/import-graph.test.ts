// The translator is a sequence of passes: imports inside translate/ point one way (no cycles), and
// only the pipeline (index.ts) sits on top. Read with TypeScript's own import scanner.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const DIR = fileURLToPath(new URL("../../runtime/translate/", import.meta.url));

/** File → the files of the same folder it imports or re-exports (type-only imports included). */
function localImports(dir: string): Map<string, string[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(dir + f, "utf8"), true, true);
    const local = importedFiles.map((i) => i.fileName).filter((s) => s.startsWith("./"));
    for (const s of local) if (!files.includes(s.slice(2))) throw new Error(`${f} imports ${s}, not a file of translate/`);
    graph.set(f, local.map((s) => s.slice(2)));
  }
  return graph;
}

/** A cycle as a list of files (first = last), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const dfs = (f: string): string[] | null => {
    if (state.get(f) === "done") return null;
    if (state.get(f) === "open") return [...path.slice(path.indexOf(f)), f];
    state.set(f, "open");
    path.push(f);
    for (const g of graph.get(f) ?? []) {
      const cycle = dfs(g);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(f, "done");
    return null;
  };
  for (const f of graph.keys()) {
    const cycle = dfs(f);
    if (cycle) return cycle;
  }
  return null;
}

describe("translate/ import graph", () => {
  const graph = localImports(DIR);

  it("is read from the folder's files", () => {
    expect(graph.get("index.ts")).toContain("parser.ts");
    expect(graph.get("prefix-closure.ts")).toContain("emitter.ts");
  });

  it("has no cycles", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("has the pipeline on top: no pass imports index.ts", () => {
    expect([...graph].filter(([, deps]) => deps.includes("index.ts")).map(([f]) => f)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const g = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(findCycle(g)).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });
});
