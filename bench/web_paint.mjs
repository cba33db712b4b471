// First paint of the lobby, of a Go board with 200 moves and of the statistics
// page, in headless Chromium against `gridstone serve` on 127.0.0.1.
//   node bench/web_paint.mjs [RUNS]      (after make && make web && npm ci)
// Each run is a fresh browser context (empty cache), the pages alternate.
// Reported per page: first contentful paint and "usable" = the page's own
// performance.mark (gs:lobby after the lists, gs:board after the board is drawn,
// gs:stats after the charts are drawn), in ms from navigation start.
import { startServer, launch } from '../tests/web/lib.mjs';
import { loadavg } from 'node:os';

const RUNS = Number(process.argv[2] || 15);
let seed = 12345;
const rand = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };

async function call(base, method, path, body, token) {
  const r = await fetch(base + '/api' + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const j = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${JSON.stringify(j)}`);
  return j;
}

async function humanGame(base, a, b, spec, maxMoves) {
  let g = (await call(base, 'POST', '/games', { spec, color: 'black', opponent: { type: 'open' } }, a.token)).game;
  g = (await call(base, 'POST', `/games/${g.id}/join`, {}, b.token)).game;
  while (g.status === 'playing' && g.ply < maxMoves) {
    const tok = g.to_move === 'black' ? a.token : b.token;
    const pt = g.legal.length ? g.legal[rand(g.legal.length)] : null;
    g = (await call(base, 'POST', `/games/${g.id}/moves`, { ply: g.ply + 1, move: pt ? { x: pt[0], y: pt[1] } : 'pass' }, tok)).game;
  }
  return g;
}

const srv = await startServer();
const browser = await launch();
try {
  const a = await call(srv.base, 'POST', '/players', { name: 'bench-a', lang: 'en' });
  const b = await call(srv.base, 'POST', '/players', { name: 'bench-b', lang: 'en' });
  for (let i = 0; i < 30; i++) await humanGame(srv.base, a, b, i % 3 ? 'tictactoe' : 'connect4', 100);
  const go = await humanGame(srv.base, a, b, 'go:size=19', 200);
  for (let i = 0; i < 8; i++) await call(srv.base, 'POST', '/games', { spec: 'renju', opponent: { type: 'open' } }, a.token);
  const pages = [['lobby', '/#/', 'gs:lobby'], [`go 19x19, ${go.ply} moves`, `/#/game/${go.id}`, 'gs:board'], ['statistics', '/#/stats', 'gs:stats']];
  const res = new Map(pages.map(([n]) => [n, { fcp: [], ready: [] }]));
  for (let r = 0; r < RUNS + 1; r++) {
    for (const [name, path, mark] of pages) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await ctx.newPage();
      await page.goto(srv.base + path);
      try { await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 10000 }); }
      catch { console.log(`${name}: the page never became usable (${mark})`); await ctx.close(); continue; }
      const t = await page.evaluate((m) => ({
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
        ready: performance.getEntriesByName(m)[0].startTime,
      }), mark);
      await ctx.close();
      if (r === 0) continue;   // the first round warms the server's caches
      res.get(name).fcp.push(t.fcp); res.get(name).ready.push(t.ready);
    }
  }
  const q = (xs, p) => { const s = xs.slice().sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
  console.log(`runs per page: ${RUNS} (fresh context each, cold cache), chromium headless, server on 127.0.0.1; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log('page                    | FCP median | FCP max | usable median | usable p90 | usable max');
  for (const [name] of pages) {
    const { fcp, ready } = res.get(name);
    if (!ready.length) { console.log(`${name.padEnd(23)} | n/a`); continue; }
    console.log(`${name.padEnd(23)} | ${q(fcp, 0.5).toFixed(0).padStart(7)} ms | ${Math.max(...fcp).toFixed(0).padStart(4)} ms | ${q(ready, 0.5).toFixed(0).padStart(10)} ms | ${q(ready, 0.9).toFixed(0).padStart(7)} ms | ${Math.max(...ready).toFixed(0).padStart(7)} ms`);
  }
} finally {
  await browser.close();
  await srv.stop();
}
