// A reader's keep-alive connection through nginx, with the repository's configuration
// (deploy/nginx/horror-stories.conf): nginx ends it after keepalive_requests answers (1000 by
// default). A client that sends its next request as soon as an answer is in (a load generator; a
// browser reusing the connection) can cross that close. Without `lingering_close always` nginx
// closed the socket with that request unread, and the kernel reset the connection: the one request
// the bench's rolling restart on SQLite failed at nginx (1 of 18,589) was such a reset, and the same
// load met it with no restart at all (docs/decisions/040, 2026-11-29). Here every answer is the last
// of its connection, so each of the requests below crosses a close.
import autocannon from "autocannon";
import { startNginx } from "../../scripts/nginx.ts";
import { freePort } from "../support/ports.ts";
import { expect, test } from "./fixtures.ts";

const REQUESTS = 4_000;

test("a request that crosses nginx's close of its keep-alive connection meets the connection's end, never a reset", async ({
  site,
}) => {
  test.setTimeout(120_000);
  const nginx = await startNginx(await freePort(), [Number(new URL(site.url).port)], { keepaliveRequests: 1 });
  try {
    const resets: string[] = [];
    let answered = 0;
    // autocannon writes each next request on the same connection as soon as an answer is in, whatever
    // the answer's `Connection: close`, and opens a new connection when nginx's close reaches it.
    const run = autocannon(
      { url: `${nginx.url}/`, connections: 8, amount: REQUESTS, headers: { accept: "text/html" } },
      () => {},
    );
    run.on("response", (_client, status) => {
      if (status === 200) answered++;
    });
    run.on("reqError", (error: NodeJS.ErrnoException) => resets.push(error?.code ?? String(error)));
    const result = await new Promise<autocannon.Result>((resolve) => run.on("done", resolve));
    expect(resets, nginx.errors()).toEqual([]);
    expect(result.non2xx).toBe(0);
    // Every second request is one sent on a connection nginx was closing: dropped with the connection,
    // it is left to the client to send again (autocannon counts it as made and does not).
    expect(answered).toBeGreaterThanOrEqual((REQUESTS / 2) * 0.9);
  } finally {
    await nginx.stop();
  }
});
