import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * A real SMTP listener for tests: accepts every mail and keeps it in `mails` (pass the list of an
 * earlier listener to keep counting across a stop and a restart on the same port).
 */
export async function startSmtp(
  port = 0,
  mails: ReceivedMail[] = [],
): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { port: address.port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
