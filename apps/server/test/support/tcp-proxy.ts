import net from 'node:net';

export interface TcpProxy {
  port: number;
  /**
   * 'forward' relays to the target; 'blackhole' accepts connections and never answers, as
   * a database behind a dead network path does (no refusal, no reset: just silence).
   */
  setMode(mode: 'forward' | 'blackhole'): void;
  /** Destroys every open connection, as a database host that vanished does. */
  cut(): void;
  close(): Promise<void>;
}

/** A TCP relay on 127.0.0.1 to `target`, so a test can take a real server off the network. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'blackhole' = 'forward';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') {
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => sockets.forEach((socket) => socket.destroy());
  return {
    port,
    setMode: (next) => {
      mode = next;
    },
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
