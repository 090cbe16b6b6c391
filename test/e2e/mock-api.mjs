// A mock Anthropic Messages API for the end-to-end suite. Plain Node (no tsx): it runs inside
// the bubblewrap sandbox next to the client, on 127.0.0.1 (the sandbox has no other network).
//
//   node mock-api.mjs CASES.json LOG.jsonl PORT_FILE
//
// CASES.json is a list of tool calls `{ tool, input }`. The model's turn number is the count of
// tool_result blocks in the conversation: while it is below the number of cases the mock answers
// the next case as a streamed `tool_use` (id `toolu_e2e_<n>`); after the last one it answers a
// text block with `end_turn`. Every request's tool_results are appended to LOG.jsonl so the test
// sees what the client told the model. The chosen port is written to PORT_FILE.
import { createServer } from 'node:http';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const [casesFile, logFile, portFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const seen = new Set();

const sse = (res, type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);

/** Every tool_result, with the text blocks the client sent along with it (hook feedback, reminders). */
function toolResults(body) {
  const out = [];
  for (const m of body.messages ?? []) {
    if (m.role !== 'user' || !Array.isArray(m.content)) continue;
    const along = m.content.filter((b) => b.type === 'text').map((b) => b.text);
    for (const b of m.content) if (b.type === 'tool_result') out.push({ ...b, along });
  }
  return out;
}

const text = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((x) => x.text ?? '').join('') : '');

/** Cut a JSON text into a few pieces, as the real API streams input_json_delta chunks. */
function pieces(json) {
  const n = Math.max(1, Math.min(4, Math.ceil(json.length / 40)));
  const size = Math.ceil(json.length / n);
  const out = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out.length ? out : [''];
}

function stream(res, block, stop) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_e2e' });
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  sse(res, 'message_start', { message: { id: `msg_e2e_${Date.now()}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage } });
  sse(res, 'ping', {});
  if (block.type === 'tool_use') {
    sse(res, 'content_block_start', { index: 0, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
    for (const p of pieces(JSON.stringify(block.input))) sse(res, 'content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: p } });
  } else {
    sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: block.text } });
  }
  sse(res, 'content_block_stop', { index: 0 });
  sse(res, 'message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
  sse(res, 'message_stop', {});
  res.end();
}

function answer(body, res) {
  const results = toolResults(body);
  for (const r of results) {
    if (seen.has(r.tool_use_id)) continue;
    seen.add(r.tool_use_id);
    appendFileSync(logFile, JSON.stringify({ id: r.tool_use_id, is_error: r.is_error === true, text: text(r.content), along: r.along }) + '\n');
  }
  const n = results.length;
  const next = n < cases.length ? { type: 'tool_use', id: `toolu_e2e_${n}`, name: cases[n].tool, input: cases[n].input } : { type: 'text', text: 'All done.' };
  if (body.stream) return stream(res, next, next.type === 'tool_use' ? 'tool_use' : 'end_turn');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'msg_e2e', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url.startsWith('/v1/messages/count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"input_tokens":10}');
    }
    if (req.method === 'POST' && url.startsWith('/v1/messages')) {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        /* harmless answer below */
      }
      return answer(body, res);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(url.startsWith('/v1/models') ? '{"data":[],"has_more":false}' : '{}');
  });
});

server.listen(0, '127.0.0.1', () => {
  writeFileSync(portFile + '.tmp', String(server.address().port));
  renameSync(portFile + '.tmp', portFile);
});
