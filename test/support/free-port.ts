import net from 'node:net';

/**
 * A loopback port that was free a moment ago: listen on 0, read the port, close. Used where the
 * port must be known before the process that binds it starts (PUBLIC_URL, EMBEDDED_PG_PORT).
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
