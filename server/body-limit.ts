// Request bodies: read once, here, and never past the limit.
//
// The limit applies to the bytes actually read, so a body sent without a
// length (chunked) is refused at the same size as one that declares it. The
// refusal is a 413 the client can read: the rest of the body is drained (to a
// bound) before it is sent, instead of a reset under a client still sending. How long a client
// may take to send its request is the server's requestTimeout (408, index.ts),
// so a body trickled a byte a second ties up one socket, never the event loop.
import type { IncomingMessage, ServerResponse } from "node:http";

const bodies = new WeakMap<IncomingMessage, Buffer>();
const tooLargeBodies = new WeakSet<IncomingMessage>();

/** The body the middleware read, or undefined for a request without one. */
export function takeBody(req: IncomingMessage): Buffer | undefined {
  const body = bodies.get(req);
  bodies.delete(req);
  return body;
}

/** Passes on a request whose body was past its limit, without the body: its route answers it (app.ts). */
export function passOnTooLarge(req: IncomingMessage, next: () => void) {
  tooLargeBodies.add(req);
  next();
}

/** Whether the request came through passOnTooLarge. */
export function bodyWasTooLarge(req: IncomingMessage): boolean {
  return tooLargeBodies.has(req);
}

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
/** After a 413, at most this much more is read (and thrown away) so the client sees the answer. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Answers a request whose body was past its limit, once the rest was drained: a 413, or passOnTooLarge. */
export type TooLarge = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function refuse(req: IncomingMessage, res: ServerResponse, tooLarge: TooLarge, next: () => void) {
  // The client is still sending: answering now and closing would reset the
  // connection under it, and most clients then report a network error instead
  // of the 413. So the rest is read and thrown away first, to a bound.
  let drained = 0;
  let answered = false;
  const answer = (close: boolean) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    if (close) res.setHeader("Connection", "close");
    tooLarge(req, res, next);
  };
  const timer = setTimeout(() => answer(true), DRAIN_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) answer(true);
  });
  req.on("end", () => answer(false));
  req.on("error", () => answer(true));
  req.resume();
}

/** Middleware: reads the body of every request that may have one, up to `limit(req)` bytes. */
export function bodyLimit(limit: (req: IncomingMessage) => number, tooLarge: TooLarge) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (WITHOUT_BODY.has(req.method ?? "GET")) return next();
    const maxBytes = limit(req);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > maxBytes) return refuse(req, res, tooLarge, next);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        chunks.length = 0;
        cleanup();
        refuse(req, res, tooLarge, next);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (done) return;
      done = true;
      cleanup();
      bodies.set(req, Buffer.concat(chunks, size));
      next();
    };
    const onError = (error: unknown) => {
      if (done) return;
      done = true;
      cleanup();
      // The client went away mid-body: nobody is left to answer.
      if (req.socket.destroyed) return;
      next(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}
