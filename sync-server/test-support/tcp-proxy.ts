import net from 'node:net';

// A loopback TCP proxy whose network can "go quiet": freeze() holds every byte in both
// directions without closing anything (a firewall or a host that drops packets: no error, no
// close, no answer), thaw() lets them through again and links connections made meanwhile.

export type TcpProxy = {
  port: number;
  freeze(): void;
  thaw(): void;
  /** The server "goes away": every connection is cut and new ones are refused (the port is closed)... */
  cut(): Promise<void>;
  /** ...until it listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Link = { client: net.Socket; upstream?: net.Socket; toUpstream: Buffer[]; toClient: Buffer[] };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const links = new Set<Link>();

  const flush = (link: Link) => {
    if (frozen || !link.upstream) return;
    for (const chunk of link.toUpstream.splice(0)) link.upstream.write(chunk);
    for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
  };

  const connectUpstream = (link: Link) => {
    if (link.upstream || link.client.destroyed) return;
    const upstream = net.connect(target);
    link.upstream = upstream;
    upstream.on('data', (chunk) => {
      link.toClient.push(chunk);
      flush(link);
    });
    upstream.on('error', () => link.client.destroy());
    upstream.on('close', () => link.client.destroy());
    flush(link);
  };

  const accept = (client: net.Socket) => {
    const link: Link = { client, toUpstream: [], toClient: [] };
    links.add(link);
    client.on('data', (chunk) => {
      link.toUpstream.push(chunk);
      flush(link);
    });
    client.on('error', () => {});
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    if (!frozen) connectUpstream(link);
  };
  let server = net.createServer(accept);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const link of links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
  };

  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const link of links) {
        connectUpstream(link);
        flush(link);
      }
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
    },
    async restore() {
      server = net.createServer(accept);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
