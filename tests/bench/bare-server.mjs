// The baselines: a bare node:http server that answers from memory, with no framework, store or
// upstream. `json` mode answers BODY with STATUS to every request; `sse` mode holds event
// streams and, on POST /publish, writes the posted data to all of them and ends them.
import { createServer } from 'node:http';

const mode = process.env.MODE ?? 'json';
const body = process.env.BODY ?? '{}';
const status = Number(process.env.STATUS ?? 200);
const streams = new Set();

const server = createServer((request, response) => {
  if (mode === 'json') {
    request.resume();
    response.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
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
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  response.write(`data: ${body}\n\n`);
  streams.add(response);
  request.on('close', () => streams.delete(response));
});
server.listen(0, '127.0.0.1', () => {
  console.log(`bare server listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
