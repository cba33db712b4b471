// Helpers for the browser tests: a real `gridstone serve` on 127.0.0.1 with a
// temporary SQLite database, Debian's Chromium driven by playwright-core, and
// small actions a person does on the pages (name, new game, click a point).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const B = process.env.GS_BUILD || join(ROOT, 'build');
export const SHOTS = join(B, 'web-shots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
    s.on('error', rej);
  });
}

export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'gs-web-'));
  const port = await freePort();
  const db = process.env.GS_DB || `sqlite:${join(dir, 'gs.db')}`;
  const args = ['serve', '--listen', `127.0.0.1:${port}`, '--db', db, '--static', join(B, 'web')];
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  let proc = null;
  async function up() {
    proc = spawn(join(B, 'gridstone'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (d) => { log += d; });
    proc.stderr.on('data', (d) => { log += d; });
    const t0 = Date.now();
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`gridstone serve exited ${proc.exitCode}: ${log.slice(-2000)}`);
      try { const r = await fetch(base + '/healthz'); if (r.ok) break; } catch { /* not yet */ }
      if (Date.now() - t0 > 15000) { proc.kill('SIGKILL'); throw new Error('server did not answer /healthz: ' + log.slice(-2000)); }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function down() {
    const p = proc;
    if (!p || p.exitCode !== null) return;
    p.kill('SIGTERM');
    await new Promise((r) => { if (p.exitCode !== null) r(); else { const t = setTimeout(() => { p.kill('SIGKILL'); r(); }, 5000); p.on('exit', () => { clearTimeout(t); r(); }); } });
  }
  await up();
  return {
    base, dir, get log() { return log; },
    down, up,   // a server restart on the same port and database (clients see the network go away)
    async stop() { await down(); rmSync(dir, { recursive: true, force: true }); },
  };
}

// One headless Chromium (playwright gives it a fresh temporary --user-data-dir);
// every person is a separate browser context: own cookies, localStorage, token.
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export async function person(browser, base, { lang = 'en', width = 1280, height = 860 } = {}) {
  const ctx = await browser.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US', viewport: { width, height } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('dialog', (d) => d.accept());
  return { page, ctx, errors, base, async close() { await ctx.close(); } };
}

export async function signUp(p, name) {
  await p.page.goto(p.base + '/#/');
  await p.page.fill('#player-name', name);
  await p.page.click('.name-form button[type=submit]');
  await p.page.waitForSelector('#who .me');
  return p.page.evaluate(() => JSON.parse(localStorage.getItem('gs.player')));
}

// New game from the lobby form: spec typed into the spec field, opponent ai/open/private.
export async function newGame(p, spec, { opponent = 'open', level, color = 'black', clock } = {}) {
  const page = p.page;
  if (!(await page.url()).endsWith('#/')) await page.goto(p.base + '/#/');
  await page.waitForSelector('#ng-spec');
  await page.fill('#ng-spec', spec);
  await page.check(`input[name=color][value=${color}]`);
  await page.check(`input[name=opp][value=${opponent}]`);
  if (opponent === 'ai' && level) await page.selectOption('#ng-level', level);
  if (clock) {
    await page.selectOption('#ng-clock', clock.type);
    if (clock.main) await page.fill('#ng-main', String(clock.main));
  }
  await page.click('#ng-create');
  await page.waitForURL(/#\/game\/\d+/);
  await page.waitForSelector('svg.board .bg');
  return Number(/#\/game\/(\d+)/.exec(page.url())[1]);
}

export async function joinFromLobby(p, id) {
  const page = p.page;
  await page.goto(p.base + '/#/');
  await page.waitForSelector(`#open-list li[data-id="${id}"] button`);
  await page.click(`#open-list li[data-id="${id}"] button`);
  await page.waitForURL(new RegExp(`#/game/${id}$`));
  await page.waitForSelector('svg.board .bg');
}

// Where point (x, y) of the board is on the screen.
export async function pointOnScreen(page, x, y) {
  const svg = page.locator('svg.board').first();
  const box = await svg.boundingBox();
  const [ox, oy, step, vw, vh] = (await svg.getAttribute('data-geom')).split(',').map(Number);
  return { x: box.x + (ox + x * step) * box.width / vw, y: box.y + (oy + y * step) * box.height / vh };
}

export async function clickPoint(page, x, y) {
  const p = await pointOnScreen(page, x, y);
  await page.mouse.click(p.x, p.y);
}

// The game as the server has it (with the person's token: private games too).
export async function gameState(p, id) {
  const token = await p.page.evaluate(() => localStorage.getItem('gs.token')).catch(() => null);
  const r = await fetch(`${p.base}/api/games/${id}`, { headers: token ? { Authorization: 'Bearer ' + token } : {} });
  const j = await r.json();
  if (!r.ok) throw new Error(`GET /api/games/${id}: ${JSON.stringify(j)}`);
  return j.game;
}

// Click (x, y) as the player to move, then wait until the server's move shows.
export async function play(p, id, x, y) {
  const before = await gameState(p, id);
  // the page must show the position the server has, with the board active
  await p.page.waitForFunction((ply) => {
    const el = document.querySelector('#moves');
    return el && el.children.length === ply && document.querySelector('svg.board.interactive');
  }, before.ply, { timeout: 10000 });
  await clickPoint(p.page, x, y);
  await p.page.waitForFunction((ply) => {
    const el = document.querySelector('#moves');
    return el && el.children.length > ply;
  }, before.ply, { timeout: 10000 });
}

export async function waitPly(p, ply) {
  await p.page.waitForFunction((n) => { const el = document.querySelector('#moves'); return el && el.children.length >= n; }, ply, { timeout: 15000 });
}

export async function shot(page, name, opts = {}) {
  mkdirSync(SHOTS, { recursive: true });
  // no passing toast, no text cursor, no animation half-way
  await page.evaluate(() => { const t = document.getElementById('toast'); if (t) t.className = 'toast'; document.activeElement?.blur?.(); });
  await page.waitForTimeout(450);
  await page.screenshot({ path: join(SHOTS, name + '.png'), ...opts });
}

export function haveTools() {
  const why = [];
  if (!existsSync(CHROMIUM)) why.push('no ' + CHROMIUM);
  if (!existsSync(join(B, 'gridstone'))) why.push('no ' + join(B, 'gridstone'));
  if (!existsSync(join(B, 'web', 'index.html'))) why.push('no build/web (make web)');
  return why;
}
