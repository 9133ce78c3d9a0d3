// A TCP link on loopback between a server under test and a real service (PostgreSQL), which a
// test can break the ways a network or a restart breaks one:
// - `down()`: every open connection is reset and the port refuses new ones, as while the
//   database restarts or its machine reboots;
// - `silent()`: the port still accepts, and nothing more goes through in either direction, as
//   a firewall that drops packets or a database that hangs;
// - `up()`: new connections go through again (the old ones stay broken).
// Bytes pass unchanged: the server and the service speak their own protocol through it.
import net from "node:net";

export type TcpLink = {
  /** The link's port on 127.0.0.1: give the server this one instead of the service's. */
  port: number;
  down(): Promise<void>;
  silent(): void;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpLink(target: { host: string; port: number }): Promise<TcpLink> {
  let mode: "up" | "silent" = "up";
  const sockets = new Set<net.Socket>();
  /** Clients accepted while silent: joined to the service once the link is up. */
  const waiting = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      waiting.delete(socket);
    });
    socket.on("error", () => {}); // a reset is what this link is for
  };
  const join = (client: net.Socket) => {
    const service = net.connect(target);
    track(service);
    client.pipe(service);
    service.pipe(client);
    client.once("close", () => service.destroy());
    service.once("close", () => client.destroy());
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    if (mode === "silent") waiting.add(client);
    else join(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async down() {
      mode = "up";
      const closed = stopListening();
      resetAll();
      await closed;
    },
    // Nothing is read on either side: what is sent waits in the kernel's buffers, as packets
    // that a partition holds back, and goes through once the link is up again.
    silent() {
      mode = "silent";
      for (const socket of sockets) socket.pause();
    },
    async up() {
      mode = "up";
      if (!server.listening) await listen(port);
      for (const socket of sockets) if (!waiting.has(socket)) socket.resume();
      for (const client of waiting) join(client);
      waiting.clear();
    },
    async close() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
  };
}
