// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sendPageView } from "./beacons.client";

// A real server on loopback: it answers the first report late, and notes when each one arrived.
const events: string[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const { path } = JSON.parse(body) as { path: string };
      events.push(`arrived ${path}`);
      setTimeout(
        () => {
          events.push(`answered ${path}`);
          response.writeHead(204).end();
        },
        path === "/stories" ? 300 : 0,
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/stories`,
  );
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

it("reports page views one at a time, in the order the reader saw them", async () => {
  // The page open when the reader accepted, and the next one followed at once.
  const first = sendPageView("/stories");
  const second = sendPageView("/privacy");
  await Promise.all([first, second]);
  expect(events).toEqual(["arrived /stories", "answered /stories", "arrived /privacy", "answered /privacy"]);
});
