import net from 'node:net';

/** A local SMTP server for the mail tests: it hangs up at once (down), refuses every message (451) or accepts it, as told. */
export async function startFakeSmtpServer() {
  const state = { down: false, refusing: true, attempts: 0, accepted: [] as string[] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (state.down) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.accepted.push(data);
            data = '';
            reply('250 2.0.0 Ok: queued');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 fake.smtp');
        else if (command === 'MAIL') {
          state.attempts++;
          reply(state.refusing ? '451 4.3.0 Servidor ocupado, intente más tarde' : '250 2.1.0 Ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('250 Ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
