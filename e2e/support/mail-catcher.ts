import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the e2e run: the product sends its mails here over SMTP, and tests read
 * them over HTTP (`GET /mails?to=address`), like a person reading their inbox.
 */
const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 3198);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 3197);

interface Mail {
  to: string[];
  raw: string;
  receivedAt: string;
}
const mails: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void res.end('ok');
  const to = url.searchParams.get('to')?.toLowerCase();
  const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(list));
}).listen(httpPort, '127.0.0.1');
