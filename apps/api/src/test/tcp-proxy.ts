import net from 'node:net';

/**
 * A TCP relay between the app and the test PostgreSQL server, to play what a shared server must
 * not be made to do: a restart (every connection dropped, new ones refused for a while) and a
 * silent network stall (connections stay open, nothing arrives).
 */
export interface TcpProxy {
  /** `serverUrl` with its host and port replaced by the relay's. */
  url: string;
  /** Drops every relayed connection; new ones are refused until `accept()`. As a restart. */
  restart(): void;
  accept(): void;
  /** Stops relaying bytes both ways (also on new connections), keeping every socket open. As a network cut. */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(serverUrl: string): Promise<TcpProxy> {
  const target = new URL(serverUrl);
  const pairs = new Set<[net.Socket, net.Socket]>();
  let refusing = false;
  let stalled = false;

  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // A stalled relay reads nothing: bytes wait in the kernel, neither side hears the other.
    if (stalled) for (const socket of pair) socket.pause();
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    url: url.toString(),
    restart() {
      refusing = true;
      dropAll();
    },
    accept() {
      refusing = false;
    },
    stall() {
      stalled = true;
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    resume() {
      stalled = false;
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
