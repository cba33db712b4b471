// The ES module build in a browser: the package served over HTTP from
// 127.0.0.1 (a throwaway static server in this process), imported by a page
// in headless Chromium, fetching its .wasm from next to the module.  Skipped
// without Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve, dirname, join, normalize } from 'node:path';
import { findChromium, launch } from './cdp.mjs';

const chromium = findChromium();
const pkgDir = dirname(resolve(process.env.GS_WASM || 'build/wasm/index.mjs'));
const PAGE = `<!doctype html><meta charset="utf-8"><title>esm</title><link rel="icon" href="data:,">
<pre id="out">loading</pre>
<script type="module">
import { Game, GridstoneError } from './pkg/index.mjs';
const g = Game.create('renju');
g.play('h8');
let code = null;
try { g.play('h8'); } catch (e) { code = e instanceof GridstoneError ? e.code : String(e); }
const ai = g.aiMove({ level: 'beginner', seed: 3 });
document.getElementById('out').textContent = JSON.stringify({
  toMove: g.toMove, legal: g.legalMoves().length, code, aiLegal: g.check(ai).ok,
  ko: g.check('h8', { lang: 'ko' }).message, json: JSON.stringify(g).length > 0 });
g.free();
</script>`;
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

test('the ES module works in Chromium over HTTP (the .wasm fetched next to it)', { skip: chromium ? false : 'chromium is not installed', timeout: 60000 }, async () => {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    requests.push(path);
    try {
      if (path === '/') { res.writeHead(200, { 'content-type': 'text/html' }); res.end(PAGE); return; }
      if (!path.startsWith('/pkg/')) throw new Error('not here');
      const file = normalize(join(pkgDir, path.slice(5)));
      if (!file.startsWith(pkgDir)) throw new Error('outside');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { page: p, close } = await launch(chromium);
  try {
    await p.send('Page.navigate', { url: `http://127.0.0.1:${server.address().port}/` });
    const text = await p.waitFor(`(() => { const t = document.getElementById('out')?.textContent; return t && t !== 'loading' ? t : null; })()`);
    const r = JSON.parse(text);
    assert.deepEqual(r, { toMove: 'white', legal: 224, code: 'occupied', aiLegal: true, ko: '이미 돌이 놓인 자리입니다', json: true });
    assert.ok(requests.includes('/pkg/gridstone-core.wasm'), `requests: ${requests}`);
    assert.deepEqual(p.events, []);
  } finally {
    await close();
    server.closeAllConnections();
    server.close();
  }
});
