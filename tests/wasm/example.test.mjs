// The example page examples/renju-wasm/ in headless Chromium, opened as a
// local file (no server): it loads the WASM build, marks black's forbidden
// points, refuses a forbidden click with its reason, and plays a game
// against the AI through real mouse clicks.  Skipped without Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium, launch } from './cdp.mjs';

const chromium = findChromium();
const page = resolve('examples/renju-wasm/index.html');
// The page loads ../../build/wasm/gridstone.js: only the default build directory.
const script = resolve(dirname(page), '../../build/wasm/gridstone.js');
const why = !chromium ? 'chromium is not installed' : !existsSync(script) ? 'build/wasm/gridstone.js is not built (make wasm)' : null;

test('renju example page: forbidden points and a game against the AI, in headless Chromium', { skip: why || false, timeout: 180000 }, async () => {
  const { page: p, close } = await launch(chromium);
  try {
    // a position where h10 is a double three for black (to move)
    const url = `${pathToFileURL(page).href}#level=medium&time=200&moves=h8,a1,h9,a3,i10,a5,j10,a7`;
    await p.send('Page.navigate', { url });
    await p.waitFor(`document.getElementById('status')?.dataset.state === 'your-move'`);
    assert.equal(await p.eval(`document.getElementById('moves').dataset.count`), '8');
    const forb = await p.eval(`[...document.querySelectorAll('.cell.forbidden')].map((c) => c.getAttribute('aria-label'))`);
    assert.deepEqual(forb, ['h10']);
    assert.match(await p.eval(`document.querySelector('.cell[aria-label=h10]').title`), /double three/);
    // clicking it: refused with the reason, nothing played (the button is enabled: the rules decide)
    await p.click('.cell[aria-label=h10]');
    await p.waitFor(`document.getElementById('refusal').dataset.reason === 'forbidden-double-three'`);
    assert.equal(await p.eval(`document.getElementById('moves').dataset.count`), '8');
    // in Korean
    await p.eval(`(() => { const s = document.getElementById('lang'); s.value = 'ko'; s.dispatchEvent(new Event('change')); })()`);
    assert.match(await p.eval(`document.querySelector('.cell[aria-label=h10]').title`), /삼삼/);

    // a fresh game: the human (black) clicks, the AI answers, until the end or 30 moves each
    await p.click('#new');
    await p.waitFor(`document.getElementById('status').dataset.state === 'your-move' && document.getElementById('moves').dataset.count === '0'`);
    let count = 0;
    for (let turn = 0; turn < 30; turn++) {
      const state = await p.eval(`document.getElementById('status').dataset.state`);
      if (state === 'over') break;
      assert.equal(state, 'your-move');
      // the centre first, then a legal empty point next to our own stones if any
      const target = await p.eval(`(() => {
        const free = [...document.querySelectorAll('.cell.empty:not(.forbidden)')];
        const mine = [...document.querySelectorAll('.cell.black')];
        const near = free.filter((c) => mine.some((m) => Math.abs(m.dataset.x - c.dataset.x) <= 1 && Math.abs(m.dataset.y - c.dataset.y) <= 1));
        const pick = (near.length ? near : free)[${turn * 7919} % (near.length || free.length)];
        return ${turn} === 0 ? 'h8' : pick.getAttribute('aria-label');
      })()`);
      await p.click(`.cell[aria-label=${target}]`);
      await p.waitFor(`(() => { const s = document.getElementById('status').dataset.state;
        const n = +document.getElementById('moves').dataset.count;
        return (s === 'your-move' && n === ${count + 2}) || s === 'over'; })()`, 60000);
      const moves = (await p.eval(`document.getElementById('moves').textContent`)).split(' ');
      assert.equal(moves[count], target, 'the clicked point was played');
      count = moves.length;
      const stones = await p.eval(`document.querySelectorAll('.cell.black, .cell.white').length`);
      assert.equal(stones, count, 'a stone on the board for every move');
    }
    assert.ok(count >= 10, `${count} moves played`);
    const st = await p.eval(`document.getElementById('status').dataset`);
    if (st.state === 'over') assert.match(st.winner, /^(black|white|draw)$/);
    assert.deepEqual(p.events, [], 'no console errors or exceptions');
  } finally {
    await close();
  }
});
