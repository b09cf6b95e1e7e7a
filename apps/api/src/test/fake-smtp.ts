import net from 'node:net';

/**
 * A tiny SMTP server on a free port. `accept` takes every message; `stall` greets and answers
 * EHLO, MAIL and RCPT, then never answers DATA: the slow mail server a worker must not wait for.
 */
export interface FakeSmtp {
  url: string;
  /** Messages taken (accept mode): the raw text after DATA. */
  received: string[];
  /** Resolves when a client has sent DATA and is waiting for an answer that never comes. */
  stalled: Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSmtp(mode: 'accept' | 'stall'): Promise<FakeSmtp> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  let reportStall: () => void = () => undefined;
  const stalled = new Promise<void>((resolve) => {
    reportStall = resolve;
  });

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let message = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            reply('250 queued');
          } else {
            message += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 fake-smtp');
        else if (command === 'MAIL' || command === 'RCPT' || command === 'RSET') reply('250 ok');
        else if (command === 'DATA') {
          if (mode === 'stall') {
            reportStall();
            return;
          }
          inData = true;
          reply('354 go ahead');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalled,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
