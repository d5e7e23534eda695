// The baselines: a bare node:http server that answers from memory, with no framework, store or
// upstream. `json` mode answers BODY with STATUS to every request; `sse` mode holds event
// streams and, on POST /publish, writes the posted data to all of them and ends them. `tcp`
// mode does what `sse` does on raw sockets, with no HTTP machinery at all: the floor of what
// this machine can push to as many connections. `forward` mode passes every request as it is
// to TARGET and its answer back, over a kept-alive connection: the cost of one more hop and
// nothing else, which any proxy pays. `sqlite` mode answers as `json` does after reading the
// checkout CHECKOUT_ID from DATABASE_FILE as the proxy's SQLite store does (one prepared
// `SELECT` by id): the store's read with no HTTP framework around it.
import { Agent, createServer, request as forward } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import Database from 'better-sqlite3';

const mode = process.env.MODE ?? 'json';
const body = process.env.BODY ?? '{}';
const status = Number(process.env.STATUS ?? 200);
// More headers for `json` answers (JSON object), e.g. the proxy's own, to send the same bytes.
const extraHeaders = Object.entries(JSON.parse(process.env.HEADERS ?? '{}'));
const byteLength = String(Buffer.byteLength(body));
const streams = new Set();
const target = process.env.TARGET;
const upstream = new Agent({ keepAlive: true });
const readCheckout =
  mode === 'sqlite'
    ? new Database(process.env.DATABASE_FILE).prepare('SELECT * FROM checkouts WHERE id = ?')
    : undefined;
const checkoutId = process.env.CHECKOUT_ID;

const server =
  mode === 'tcp'
    ? createTcpServer(tcpConnection)
    : createServer((request, response) => {
        if (mode === 'forward') {
          const outgoing = forward(
            `${target}${request.url}`,
            { method: request.method, headers: request.headers, agent: upstream },
            (answer) => {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
            },
          );
          outgoing.on('error', () => response.destroy());
          request.pipe(outgoing);
          return;
        }
        if (mode === 'json' || mode === 'sqlite') {
          request.resume();
          if (readCheckout && readCheckout.get(checkoutId) === undefined) {
            response.writeHead(404).end();
            return;
          }
          const head = ['Content-Type', 'application/json', 'Content-Length', byteLength];
          for (const [name, value] of extraHeaders) head.push(name, value);
          response.writeHead(status, head);
          response.end(body);
          return;
        }
        if (request.method === 'POST' && request.url === '/publish') {
          const chunks = [];
          request.on('data', (chunk) => chunks.push(chunk));
          request.on('end', () => {
            const frame = `data: ${Buffer.concat(chunks).toString('utf8')}\n\n`;
            for (const stream of streams) stream.end(frame);
            streams.clear();
            response.end('{"published":true}');
          });
          return;
        }
        response.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-cache',
        });
        response.write(`data: ${body}\n\n`);
        streams.add(response);
        request.on('close', () => streams.delete(response));
      });
/** One raw connection: a publish (answered, then closed) or a stream (head and first event). */
function tcpConnection(socket) {
  let text = '';
  socket.setEncoding('latin1');
  socket.on('error', () => {});
  socket.on('data', function head(chunk) {
    text += chunk;
    const end = text.indexOf('\r\n\r\n');
    if (end === -1) return;
    socket.off('data', head);
    if (text.startsWith('POST /publish')) {
      const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      const published = () => {
        const frame = `data: ${text.slice(end + 4, end + 4 + length)}\n\n`;
        for (const stream of streams) stream.end(frame);
        streams.clear();
        socket.end(
          'HTTP/1.1 200 OK\r\nContent-Length: 18\r\nConnection: close\r\n\r\n{"published":true}',
        );
      };
      if (text.length >= end + 4 + length) published();
      else
        socket.on('data', (more) => {
          text += more;
          if (text.length >= end + 4 + length) published();
        });
      return;
    }
    socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: ${body}\n\n`);
    streams.add(socket);
    socket.on('close', () => streams.delete(socket));
  });
}

server.listen(0, '127.0.0.1', () => {
  console.log(`bare server listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
