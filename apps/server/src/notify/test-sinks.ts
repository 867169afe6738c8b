import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A mail as the SMTP sink received it; `subject` has its MIME encoded-words decoded. */
export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
  auth: string | null;
}

/** RFC 2047 encoded-words (what nodemailer writes for a Chinese subject) back to text. */
function decodeWords(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _cs, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? '';
  return decodeWords(line.replace(/^subject:\s*/i, ''));
}

/**
 * A tiny SMTP server for tests (no TLS): records what arrives. `mode` 'reject' answers 451 to
 * every recipient (a temporary failure), 'slow' waits `delayMs` before greeting.
 */
export async function startSmtpSink() {
  const mails: SunkMail[] = [];
  const sink = { mails, mode: 'ok' as 'ok' | 'reject' | 'slow', delayMs: 300, port: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buf = '';
    let inData = false;
    let data = '';
    let cur: SunkMail = { from: '', to: [], subject: '', raw: '', auth: null };
    const say = (s: string) => socket.write(`${s}\r\n`);
    const greet = () => say('220 sink ESMTP ready');
    if (sink.mode === 'slow') setTimeout(greet, sink.delayMs);
    else greet();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buf += chunk;
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          cur.raw = data.replace(/\r\n\.\./g, '\r\n.');
          cur.subject = subjectOf(cur.raw);
          mails.push(cur);
          cur = { from: '', to: [], subject: '', raw: '', auth: cur.auth };
          data = '';
          say('250 2.0.0 queued');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') say('250-sink\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (cmd === 'HELO') say('250 sink');
        else if (cmd === 'AUTH') {
          cur.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8').split('\0').slice(1).join(':');
          say('235 2.7.0 accepted');
        } else if (cmd === 'MAIL') {
          cur.from = line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, '').split(' ')[0];
          say('250 ok');
        } else if (cmd === 'RCPT') {
          if (sink.mode === 'reject') say('451 4.3.0 try again later');
          else {
            cur.to.push(line.replace(/^RCPT TO:\s*/i, '').replace(/[<>]/g, '').split(' ')[0]);
            say('250 ok');
          }
        } else if (cmd === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (cmd === 'QUIT') {
          say('221 bye');
          socket.end();
        } else if (cmd === 'RSET' || cmd === 'NOOP') say('250 ok');
        else say('502 unknown');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.address() as AddressInfo).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

export interface SunkHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The X-Pdz-Signature matched HMAC-SHA256(secret, body). */
  signed: boolean;
}

/** An HTTP endpoint for webhook tests; `status` answers every call, 'hang' never answers. */
export async function startWebhookSink(secret: string) {
  const hooks: SunkHook[] = [];
  const sink = { hooks, status: 200 as number | 'hang', url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const expected = crypto.createHmac('sha256', secret).update(body).digest('hex');
      hooks.push({ headers: req.headers, body, signed: req.headers['x-pdz-signature'] === expected });
      if (sink.status === 'hang') return;
      res.writeHead(sink.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sink;
}
