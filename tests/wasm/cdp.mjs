// A small driver for headless Chromium over the DevTools protocol (CDP),
// for the example-page tests: launches the browser, opens a page, and sends
// real mouse events.  It speaks WebSocket itself (node:http upgrade), so it
// needs no npm package and works on any Node >= 18.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// ---- a minimal WebSocket client (text frames, client-side masking) ----
function wsConnect(url) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers: {
      Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key } });
    req.on('error', reject);
    req.on('response', (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
    req.on('upgrade', (res, socket) => {
      let buf = Buffer.alloc(0), parts = [];
      const ws = { onmessage: () => {}, onclose: () => {} };
      ws.send = (text) => {
        const data = Buffer.from(text), n = data.length;
        const head = n < 126 ? Buffer.from([0x81, 0x80 | n])
          : n < 65536 ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255])
          : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; })()]);
        const mask = randomBytes(4);
        const body = Buffer.alloc(n);
        for (let i = 0; i < n; i++) body[i] = data[i] ^ mask[i & 3];
        socket.write(Buffer.concat([head, mask, body]));
      };
      ws.close = () => socket.destroy();
      socket.on('data', (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          if (buf.length < 2) return;
          const fin = buf[0] & 0x80, op = buf[0] & 15;
          let len = buf[1] & 127, off = 2;
          if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
          else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
          if (buf.length < off + len) return;
          const payload = buf.subarray(off, off + len);
          buf = buf.subarray(off + len);
          if (op === 8) { socket.destroy(); return; }
          if (op === 9) continue;                     // ping: the browser does not need a pong here
          if (op === 1 || op === 2 || op === 0) {
            parts.push(Buffer.from(payload));
            if (fin) { const text = Buffer.concat(parts).toString('utf8'); parts = []; ws.onmessage(text); }
          }
        }
      });
      socket.on('close', () => ws.onclose());
      resolve(ws);
    });
    req.end();
  });
}

// The browser to drive: $CHROMIUM, else the usual install paths; null if none.
export function findChromium() {
  const c = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return c.find((p) => p && existsSync(p)) || null;
}

// Launch headless Chromium; returns {page, close}.  page.send(method, params)
// talks to one tab; page.events collects console errors and exceptions.
export async function launch(executable) {
  const dir = mkdtempSync(join(tmpdir(), 'gs-chromium-'));
  const proc = spawn(executable, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--no-first-run', '--window-size=1200,1000', '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true });   // its own process group: killed whole
  const wsUrl = await new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      try { process.kill(-proc.pid, 'SIGKILL'); } catch { /* gone */ }
      reject(new Error(`chromium did not start: ${err.slice(-500)}`));
    }, 20000);
    proc.stderr.on('data', (d) => {
      err += d;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', (code) => reject(new Error(`chromium exited ${code}: ${err.slice(-500)}`)));
  });
  const ws = await wsConnect(wsUrl);
  let next = 1;
  const pending = new Map(), listeners = [];
  ws.onmessage = (text) => {
    const msg = JSON.parse(text);
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${msg.error.message} ${msg.error.data || ''}`)); else resolve(msg.result);
    } else if (msg.method) for (const l of listeners) l(msg);
  };
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  });
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const events = [];
  listeners.push((m) => {
    if (m.sessionId !== sessionId) return;
    if (m.method === 'Runtime.exceptionThrown') events.push(`exception: ${m.params.exceptionDetails.exception?.description || m.params.exceptionDetails.text}`);
    if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error')
      events.push(`console.error: ${m.params.args.map((a) => a.value ?? a.description).join(' ')}`);
    if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error') events.push(`log: ${m.params.entry.text} ${m.params.entry.url || ''}`);
  });
  const page = {
    events,
    send: (method, params) => send(method, params, sessionId),
    async eval(expr) {
      const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true }, sessionId);
      if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
      return r.result.value;
    },
    async waitFor(expr, ms = 30000) {
      const t0 = Date.now();
      for (;;) {
        const v = await page.eval(expr);
        if (v) return v;
        if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${expr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    // a real click (mouse down + up) at the centre of the element matching selector
    async click(selector) {
      const box = await page.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
        if (!e) return null; e.scrollIntoView({ block: 'center', inline: 'center' }); const r = e.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()`);
      if (!box) throw new Error(`no element ${selector}`);
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
        await page.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
    },
  };
  await page.send('Runtime.enable');
  await page.send('Log.enable');
  await page.send('Page.enable');
  const close = async () => {
    try { ws.close(); } catch { /* already closed */ }
    const exited = new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.on('exit', r)));
    const group = (sig) => { try { process.kill(-proc.pid, sig); } catch { /* gone */ } };
    group('SIGTERM');
    const timer = setTimeout(() => group('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    group('SIGKILL');   // any helper process left in the group
    rmSync(dir, { recursive: true, force: true });
  };
  return { page, close };
}
