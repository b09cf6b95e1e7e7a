import net from 'node:net';

/**
 * Fails with the system's error (EADDRINUSE, EACCES, EADDRNOTAVAIL) when `port` cannot be bound,
 * so start-up stops before it opens, migrates or seeds the database. The real listen comes later
 * and can still fail if another program takes the port meanwhile; that is handled the same way.
 */
export function checkPortIsFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
