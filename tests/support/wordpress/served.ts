// One test WordPress for a test file: started before its tests, closed after them, and the
// requests they send it.
import { afterAll, beforeAll } from "vitest";
import { startWordPressServer, type WordPressServer } from "../wordpress-server.ts";
import type { WordPressMode } from "./modes.ts";

export function servedWordPress() {
  const wp = { server: undefined as unknown as WordPressServer, api: "" };
  beforeAll(async () => {
    wp.server = await startWordPressServer({ port: 0 });
    wp.api = `${wp.server.wpUrl}/wp-json/wp/v2`;
  });
  afterAll(() => wp.server.close());

  const get = (path: string, init?: RequestInit) => fetch(`${wp.api}/${path}`, init);
  const json = async <T = unknown>(path: string) => {
    const response = await get(path);
    return { response, body: (await response.json()) as T };
  };
  async function withMode<T>(mode: WordPressMode, run: () => Promise<T>): Promise<T> {
    wp.server.setMode(mode);
    try {
      return await run();
    } finally {
      wp.server.setMode("healthy");
    }
  }
  return { wp, get, json, withMode };
}
