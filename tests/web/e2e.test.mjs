// End-to-end tests of the browser UI: a real `gridstone serve` (temporary
// SQLite database, 127.0.0.1) and headless Chromium.  Two browser contexts
// play each family against each other through the pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, person, signUp, newGame, joinFromLobby, clickPoint, pointOnScreen, play, gameState, shot, waitPly } from './lib.mjs';

let srv, browser, alice, bob;

before(async () => {
  srv = await startServer();
  browser = await launch();
  alice = await person(browser, srv.base, { lang: 'ko' });
  bob = await person(browser, srv.base);
  await signUp(alice, 'alice');
  await signUp(bob, 'bob');
});

after(async () => {
  for (const p of [alice, bob]) if (p) await p.close();
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

// Two people on one game: alice creates it as black, bob joins from the lobby.
async function pair(spec) {
  const id = await newGame(alice, spec, { opponent: 'open', color: 'black' });
  await joinFromLobby(bob, id);
  await alice.page.waitForSelector('.seat.white .seat-name a');
  return id;
}
const seatOf = (g, c) => (c === 'black' ? alice : bob);

async function finished(p) {
  await p.page.waitForSelector('.status.finished', { timeout: 15000 });
  return p.page.textContent('#status');
}

test('connect4: gravity drops, undo, reload mid-game resumes, a vertical four wins', async () => {
  const id = await pair('connect4');
  // a click on the top cell of column 0 drops the disc to the bottom
  await play(alice, id, 0, 0);
  let g = await gameState(alice, id);
  assert.deepEqual([g.moves[0].x, g.moves[0].y], [0, 5]);
  await bob.page.waitForSelector('svg.board .stone.black[data-x="0"][data-y="5"]');
  await play(bob, id, 1, 0);
  // undo: alice asks, bob accepts, bob's reply and alice's move are taken back or alice's only
  await alice.page.waitForSelector('#undo:not([disabled])');
  await waitPly(alice, 2);
  await bob.page.click('#undo');
  await alice.page.waitForSelector('#offer-accept');
  await alice.page.click('#offer-accept');
  await alice.page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  g = await gameState(alice, id);
  assert.equal(g.ply, 1);
  await play(bob, id, 1, 3);
  await play(alice, id, 0, 2);
  // reload mid-game: the page comes back with the same position and continues
  await alice.page.reload();
  await alice.page.waitForSelector('svg.board .stone.black[data-x="0"][data-y="4"]');
  assert.equal(await alice.page.locator('svg.board .stone').count(), 3);
  await play(bob, id, 1, 1);
  await play(alice, id, 0, 1);
  await play(bob, id, 1, 1);
  await shot(bob.page, 'connect4-playing');
  await play(alice, id, 0, 1);
  await finished(alice);
  g = await gameState(alice, id);
  assert.equal(g.status, 'finished');
  assert.equal(g.result.winner, 'black');
  await alice.page.waitForSelector('svg.board .winline .win');
  assert.equal(await alice.page.locator('svg.board .winline .win').count(), 4);
  await shot(alice.page, 'connect4');
});

test('renju: the forbidden point is marked before black moves and refused with its reason in the player\'s language', async () => {
  const id = await pair('renju');
  // (x, y) from the top-left: h8 = (7,7)
  const seq = [[7, 7], [0, 14], [8, 7], [0, 13], [7, 6], [0, 12], [8, 5], [0, 11]];
  for (let i = 0; i < seq.length; i++) await play(i % 2 ? bob : alice, id, ...seq[i]);
  // g8 (6,7) is a double three: marked on black's board with the server's reason
  await alice.page.waitForSelector('svg.board .illegal[data-x="6"][data-y="7"]');
  const code = await alice.page.getAttribute('svg.board .illegal[data-x="6"][data-y="7"]', 'data-code');
  assert.equal(code, 'forbidden-double-three');
  await clickPoint(alice.page, 6, 7);
  await alice.page.waitForFunction(() => document.querySelector('#move-error').textContent.length > 0);
  const msg = await alice.page.textContent('#move-error');
  assert.match(msg, /[가-힣]/, 'alice reads Korean: ' + msg);
  assert.equal(await alice.page.getAttribute('#move-error', 'data-code'), 'forbidden-double-three');
  assert.equal((await gameState(alice, id)).ply, 8, 'the refused move changed nothing');
  // hovering the point says why, in Korean too
  assert.match(await alice.page.textContent('.hover'), /^g8, .*: .*[가-힣]/);
  await shot(alice.page, 'renju-forbidden');
  for (const [i, pt] of [[9, 7], [14, 0], [10, 7], [14, 1], [11, 7]].entries()) await play(i % 2 ? bob : alice, id, ...pt);
  await finished(bob);
  const g = await gameState(bob, id);
  assert.equal(g.result.winner, 'black');
  await bob.page.waitForSelector('svg.board .winline .win');
  assert.equal(await bob.page.locator('svg.board .winline .win').count(), 5);
  await shot(bob.page, 'renju');
});

test('reversi 4x4: a complete game with legal-move hints and flipped discs', async () => {
  const id = await pair('reversi:size=4');
  await alice.page.waitForSelector('svg.board .hint');
  let g = await gameState(alice, id);
  let sawFlip = false;
  for (let n = 0; g.status === 'playing' && n < 40; n++) {
    const p = seatOf(g, g.to_move);
    if (g.legal.length === 0) {
      await p.page.click('#pass');
      await p.page.waitForFunction((ply) => document.querySelectorAll('#moves li').length > ply, g.ply);
    } else {
      await play(p, id, g.legal[0][0], g.legal[0][1]);
      if (!sawFlip) sawFlip = (await p.page.locator('svg.board .stone.changed').count()) > 0;
    }
    g = await gameState(alice, id);
    if (g.ply === 4) await shot(alice.page, 'reversi-playing');
  }
  assert.equal(g.status, 'finished');
  assert.ok(sawFlip, 'flipped discs were marked');
  await finished(alice);
  await shot(alice.page, 'reversi');
});

test('go 5x5: two passes, the scoring phase completed by clicking a dead stone, both accept', async () => {
  const id = await pair('go:size=5,rules=japanese');
  const seq = [[2, 0], [3, 0], [2, 1], [3, 1], [2, 2], [3, 2], [2, 3], [3, 3], [2, 4], [3, 4], 'pass', [0, 0], 'pass', 'pass'];
  const pass = async (p) => {
    const g = await gameState(p, id);
    await p.page.waitForSelector('#pass:not([disabled])');
    await p.page.click('#pass');
    await p.page.waitForFunction((ply) => document.querySelectorAll('#moves li').length > ply || document.querySelector('.status.scoring'), g.ply);
  };
  for (let i = 0; i < seq.length; i++) {
    const p = i % 2 ? bob : alice;
    if (seq[i] === 'pass') await pass(p);
    else await play(p, id, ...seq[i]);
  }
  await alice.page.waitForSelector('.status.scoring');
  // white disputes the marking: play resumes with black (white's opponent) to move; two passes end it again
  await bob.page.waitForSelector('#resume');
  await bob.page.click('#resume');
  await alice.page.waitForSelector('#pass:not([disabled])');
  const resumed = await gameState(alice, id);
  assert.equal(resumed.status, 'playing');
  assert.equal(resumed.to_move, 'black');
  assert.equal(resumed.ply, seq.length - 2);
  await pass(alice);
  await pass(bob);
  await alice.page.waitForSelector('.status.scoring');
  await alice.page.waitForSelector('#score-text');
  const isDead = async () => ((await gameState(alice, id)).scoring.dead || []).some(([x, y]) => x === 0 && y === 0);
  // click the white stone in black's area until it is marked dead
  for (let i = 0; i < 2 && !(await isDead()); i++) {
    const before = JSON.stringify((await gameState(alice, id)).scoring.dead);
    await clickPoint(alice.page, 0, 0);
    await alice.page.waitForFunction(async ([gid, b]) => {
      const r = await fetch(`/api/games/${gid}`); const g = (await r.json()).game;
      return JSON.stringify(g.scoring.dead) !== b;
    }, [id, before]);
  }
  assert.ok(await isDead(), 'the white stone is marked dead');
  await alice.page.waitForSelector('svg.board .stone.white.dead[data-x="0"][data-y="0"]');
  await bob.page.waitForSelector('svg.board .stone.white.dead[data-x="0"][data-y="0"]');
  await shot(alice.page, 'go-scoring');
  await alice.page.click('#accept-score');
  await bob.page.waitForSelector('#accept-score');
  await bob.page.click('#accept-score');
  await finished(bob);
  const g = await gameState(bob, id);
  assert.equal(g.status, 'finished');
  assert.ok(g.result && g.result.text, 'a result');
  await shot(bob.page, 'go');
});

test('tic-tac-toe against the AI finishes; the game can be reviewed step by step', async () => {
  const id = await newGame(bob, 'tictactoe', { opponent: 'ai', color: 'black' });
  let g = await gameState(bob, id);
  // the first move by keyboard: the cursor starts on the first legal point (a3 = 0,0),
  // two arrows take it to the centre, Enter plays
  await bob.page.waitForSelector('svg.board.interactive');
  await bob.page.focus('svg.board');
  await bob.page.keyboard.press('ArrowRight');
  await bob.page.keyboard.press('ArrowDown');
  assert.match(await bob.page.textContent('.board-wrap [aria-live]'), /^b2, empty, legal/);
  await bob.page.keyboard.press('Enter');
  await bob.page.waitForSelector('svg.board .stone.black[data-x="1"][data-y="1"]');
  g = await gameState(bob, id);
  for (let n = 0; g.status !== 'finished' && n < 20; n++) {
    if (g.status === 'playing' && g.to_move === 'black' && g.legal.length) await play(bob, id, g.legal[0][0], g.legal[0][1]);
    else await new Promise((r) => setTimeout(r, 150));
    g = await gameState(bob, id);
  }
  assert.equal(g.status, 'finished');
  await finished(bob);
  await shot(bob.page, 'tictactoe-ai');
  // review: first, next, last, the slider and the keyboard
  await bob.page.goto(`${srv.base}/#/review/${id}`);
  await bob.page.waitForSelector('#review-slider');
  const total = g.moves.length;
  await bob.page.click('#rv-first');
  await bob.page.waitForFunction(() => document.querySelectorAll('svg.board .stone').length === 0);
  await bob.page.click('#rv-next');
  await bob.page.waitForFunction(() => document.querySelectorAll('svg.board .stone').length === 1);
  await bob.page.keyboard.press('End');
  await bob.page.waitForFunction((n) => document.querySelectorAll('svg.board .stone').length === n, total);
  await bob.page.keyboard.press('ArrowLeft');
  await bob.page.waitForFunction((n) => document.querySelectorAll('svg.board .stone').length === n - 1, total);
  const json = await (await fetch(srv.base + await bob.page.getAttribute('#dl-json', 'href'))).text();
  assert.match(json, /tictactoe|mnk/);
  // m,n,k games have no SGF form: the page offers no SGF link (the server would answer 404)
  assert.equal(await bob.page.locator('#dl-sgf').count(), 0);
});

test('a private game by link, clocks, a lost connection comes back, a draw by agreement', async () => {
  const id = await newGame(alice, 'tictactoe', { opponent: 'private', color: 'black', clock: { type: 'fischer', main: 5 } });
  await alice.page.waitForSelector('#invite-link');
  const link = await alice.page.inputValue('#invite-link');
  assert.match(link, new RegExp(`#/game/${id}\\?invite=`));
  // the private game is not in the lobby
  const lobby = await (await fetch(srv.base + '/api/lobby')).json();
  assert.ok(!lobby.open.some((g) => g.id === id));
  await bob.page.goto(link);
  await bob.page.waitForSelector('#join');
  await bob.page.click('#join');
  await bob.page.waitForSelector('.seat.white .tag.you');
  await alice.page.waitForSelector('.seat.white .seat-name a');
  assert.match(await alice.page.textContent('#clock-black'), /^[45]:\d\d/);
  await play(alice, id, 1, 1);
  // the server goes away and comes back: both pages say so, then resume
  await srv.down();
  await bob.page.waitForSelector('#conn.reconnecting', { state: 'attached' });
  assert.ok((await bob.page.textContent('#conn')).length > 0);
  await srv.up();
  await bob.page.waitForSelector('#conn.connected', { state: 'attached' });
  await play(bob, id, 0, 0);
  await alice.page.waitForSelector('svg.board .stone.white[data-x="0"][data-y="0"]');
  // draw offer: alice offers, bob accepts
  await alice.page.click('#draw');
  await bob.page.waitForSelector('#offer-accept');
  await bob.page.click('#offer-accept');
  await finished(alice);
  assert.equal((await gameState(alice, id)).result.winner, 'draw');
  // the invite link works for a spectator too
  const r = await (await fetch(`${srv.base}/api/games/${id}?invite=${encodeURIComponent(new URL(link).hash.split('invite=')[1])}`)).json();
  assert.equal(r.game.result.winner, 'draw');
  // the download links of a private game work from the page: a link sends no
  // token, so it carries the invite (they once answered 404)
  const getLink = async (page, sel) => (await fetch(new URL(await page.getAttribute(sel, 'href'), srv.base))).status;
  await alice.page.waitForSelector('.extra a[href*="/json"]');
  assert.equal(await getLink(alice.page, '.extra a[href*="/json"]'), 200, 'JSON download of a private game, its player');
  // a spectator with the invite link: the game, its review and its download
  const carol = await person(browser, srv.base);
  try {
    await carol.page.goto(link);
    await carol.page.waitForSelector('.status.finished');
    await carol.page.click('.extra a[href^="#/review/"]');
    await carol.page.waitForSelector('#review-slider');
    assert.equal(await carol.page.locator('svg.board .stone').count(), 2);
    assert.equal(await getLink(carol.page, '#dl-json'), 200, 'JSON download from the review of a private game');
  } finally { await carol.close(); }
});

test('an unknown game says so once, with no empty board or seats', async () => {
  const dan = await person(browser, srv.base);   // the 404 is logged in dan's console, not in alice's or bob's
  try {
    await dan.page.goto(`${srv.base}/#/game/987654`);
    await dan.page.waitForSelector('main .card .form-error');
    assert.equal(await dan.page.textContent('main .card .form-error'), 'not found');
    assert.equal(await dan.page.locator('.seat, svg.board, #moves').count(), 0);
    await dan.page.waitForTimeout(300);   // the WebSocket's answer adds nothing
    assert.equal(await dan.page.locator('text=not found').count(), 1);
  } finally { await dan.close(); }
});

// A page left before its first answer came (a slow network, a quick click
// elsewhere) must not act on the page that replaced it: an unknown game's
// "not found" replaced the lobby, and a game's clock ticked into the next
// game's clock.  Each page's request is held until the next page is shown.
test('a page left before it loaded does not draw into the next page', async () => {
  const dan = await person(browser, srv.base);
  try {
    // go to `from` with its GET held until `to` is shown, then let it answer
    // (only the first GET of that game is held: `to` may be the same game)
    const leaveEarly = async (from, to, shown) => {
      const path = '/api/games/' + from;
      const mine = (url) => new URL(url).pathname === path;   // (with its ?lang=)
      let release, held = 0;
      const gate = new Promise((r) => { release = r; });
      await dan.page.route(mine, async (route) => { if (!held++) await gate; await route.continue(); });
      const asked = dan.page.waitForRequest((r) => mine(r.url()));
      await dan.page.evaluate((h) => { location.hash = h; }, '#/game/' + from);
      await asked;
      await dan.page.evaluate((h) => { location.hash = h; }, to);
      await dan.page.waitForSelector(shown, { state: 'attached' });
      const answered = dan.page.waitForResponse((r) => mine(r.url()));
      release();
      await answered;
      await dan.page.waitForTimeout(600);   // the left page's code has run by now
      await dan.page.unroute(mine);
    };
    await dan.page.goto(`${srv.base}/#/`);
    await dan.page.waitForSelector('#ng-spec');
    await leaveEarly(987655, '#/', '#ng-spec');
    assert.equal(await dan.page.locator('#ng-spec').count(), 1, 'the lobby is still shown');
    assert.equal(await dan.page.locator('text=not found').count(), 0);

    // a game with a clock, left for one without: the second shows no clock
    const timed = await newGame(alice, 'tictactoe', { opponent: 'open', clock: { type: 'absolute', main: 7 } });
    const untimed = await newGame(alice, 'tictactoe', { opponent: 'open' });
    await dan.page.goto(`${srv.base}/#/game/${timed}`);
    await dan.page.waitForFunction(() => document.getElementById('clock-black')?.textContent === '7:00');
    await dan.page.goto(`${srv.base}/#/`);
    await dan.page.waitForSelector('#ng-spec');
    await leaveEarly(timed, '#/game/' + untimed, '#clock-black');
    assert.equal(await dan.page.textContent('.game-title'), (await gameState(alice, untimed)).spec.replace(/,/g, ',\u200b'));
    assert.equal(await dan.page.textContent('#clock-black'), '', 'no clock on the untimed game');

    // the same game again (another link to it): the left page's end does not
    // stop the watch of the page that replaced it, whose moves keep coming
    const id = await pair('tictactoe');
    await dan.page.goto(`${srv.base}/#/`);
    await dan.page.waitForSelector('#ng-spec');
    await leaveEarly(id, `#/game/${id}?again`, 'svg.board .bg');
    await play(alice, id, 1, 1);
    await waitPly(dan, 1);
    assert.deepEqual(dan.errors.filter((e) => !/404/.test(e)), []);
  } finally { await dan.close(); }
});

test('a double click on a point or an offer button sends one request and shows no error', async () => {
  const id = await pair('go:size=9');
  // the server counts every refused request: a second move for the same ply
  // (the double click's second click) was one, and its 'conflict' message
  // was shown under a move that had been played
  const errors = async () => Number(/^gridstone_errors_total (\d+)$/m.exec(await (await fetch(srv.base + '/metrics')).text())[1]);
  const before = await errors();
  await alice.page.waitForSelector('svg.board.interactive');
  const p = await pointOnScreen(alice.page, 4, 4);
  await alice.page.mouse.dblclick(p.x, p.y);
  await waitPly(alice, 1);
  await play(bob, id, 3, 3);   // a later move: alice's page has had every answer by now
  await waitPly(alice, 2);
  assert.equal((await gameState(alice, id)).ply, 2);
  assert.equal(await alice.page.textContent('#move-error'), '');
  assert.equal(await errors(), before, 'no request was refused');
  // the same for the offer buttons: a second offer was refused as 'an offer
  // is already open', a second answer as 'there is no such offer'
  await alice.page.dblclick('#draw');
  await bob.page.waitForSelector('#offer-decline');
  await bob.page.dblclick('#offer-decline');
  await alice.page.waitForSelector('#draw:not([disabled])');
  // the double click's second click may land on a button the first one's
  // answer drew: the declined offer's box closes and bob's own controls move
  // up under the pointer; that click is no press (no draw offer from bob)
  await bob.page.waitForSelector('#draw:not([disabled])');
  await bob.page.dispatchEvent('#draw', 'click', { detail: 2 });
  await bob.page.waitForTimeout(500);   // what it would have sent has arrived by now
  assert.equal((await gameState(alice, id)).offer, null, 'the second click of a double click offered nothing');
  await play(alice, id, 5, 5);
  await waitPly(bob, 3);
  assert.equal(await alice.page.textContent('#move-error'), '');
  assert.equal(await bob.page.textContent('#move-error'), '');
  assert.equal(await errors(), before, 'no offer request was refused');
});

test('a double click on Create game or Join sends one request', async () => {
  const errors = async () => Number(/^gridstone_errors_total (\d+)$/m.exec(await (await fetch(srv.base + '/metrics')).text())[1]);
  const [fay, gus] = [await person(browser, srv.base), await person(browser, srv.base)];
  try {
    const me = await signUp(fay, 'fay');
    await signUp(gus, 'gus');
    // it created two games
    await fay.page.goto(srv.base + '/#/');
    await fay.page.waitForSelector('#ng-spec');
    await fay.page.fill('#ng-spec', 'tictactoe');
    await fay.page.check('input[name=opp][value=open]');
    await fay.page.check('input[name=color][value=black]');
    await fay.page.dblclick('#ng-create');
    await fay.page.waitForURL(/#\/game\/\d+/);
    await fay.page.waitForSelector('svg.board .bg');
    const games = async () => (await (await fetch(`${srv.base}/api/games?player=${me.id}`)).json()).games;
    const mine = await games();
    assert.equal(mine.length, 1, 'one game created');
    // the second join was refused ("you cannot join your own game") and shown in red
    const before = await errors();
    await gus.page.goto(srv.base + '/#/');
    await gus.page.waitForSelector(`#open-list li[data-id="${mine[0].id}"] button`);
    await gus.page.dblclick(`#open-list li[data-id="${mine[0].id}"] button`);
    await gus.page.waitForURL(new RegExp(`#/game/${mine[0].id}$`));
    await gus.page.waitForSelector('.seat.white .tag.you');
    await fay.page.waitForSelector('.seat.white .seat-name a');
    // gus's second request (if any) was sent before the first was answered: answered by now
    await gus.page.reload();
    await gus.page.waitForSelector('.seat.white .tag.you');
    assert.equal(await errors(), before, 'no request was refused');
    assert.equal((await games())[0].status, 'playing');
  } finally { await fay.close(); await gus.close(); }
});

test('statistics page shows charts with the figures /api/stats gives', async () => {
  for (const kind of [null, 'mnk']) {
    await bob.page.goto(`${srv.base}/#/stats` + (kind ? `/${kind}` : ''));
    await bob.page.waitForSelector('#chart-wins canvas');
    await bob.page.waitForFunction(() => performance.getEntriesByName('gs:stats').length > 0);
    const st = await (await fetch(`${srv.base}/api/stats` + (kind ? `?game=${kind}` : ''))).json();
    const fig = async (sel) => (await bob.page.textContent(sel + ' .stat-v')).trim();
    assert.equal(await fig('#f-games'), String(st.games));
    assert.equal(await fig('#f-black'), String(st.wins.black));
    assert.equal(await fig('#f-white'), String(st.wins.white));
    assert.equal(await fig('#f-draws'), String(st.draws));
    const vals = async (id) => JSON.parse(await bob.page.getAttribute(id, 'data-values'));
    assert.deepEqual(await vals('#chart-wins'), [[st.wins.black, st.wins.white, st.draws]]);
    assert.deepEqual(await vals('#chart-length'), [st.length.histogram.map((b) => b.count)]);
    assert.deepEqual(await vals('#chart-days'), [st.by_day.map((d) => d.black), st.by_day.map((d) => d.white),
      st.by_day.map((d) => d.draws), st.by_day.map((d) => d.games - d.black - d.white - d.draws)]);
    // the charts were drawn by the chart library
    const drawn = await bob.page.evaluate(() => [...document.querySelectorAll('figure.chart canvas')].every((c) => c.width > 0 && window.Chart && window.Chart.getChart(c)));
    assert.ok(drawn, 'every chart drawn');
    if (!kind) {
      assert.ok(st.games >= 5, 'the games played above are counted');
      await shot(bob.page, 'stats', { fullPage: true });
    }
  }
});

test('a player name with <script> in it is shown as text', async () => {
  const eve = await person(browser, srv.base);
  try {
    const name = '<script>window.xss=1</script><b>';   // 32 characters at most
    const me = await signUp(eve, name);
    assert.equal(me.name, name);
    assert.equal(await eve.page.textContent('#who .me'), name);
    const id = await newGame(eve, 'tictactoe', { opponent: 'open' });
    await alice.page.goto(srv.base + '/#/');
    await alice.page.waitForSelector(`#open-list li[data-id="${id}"]`);
    const row = await alice.page.textContent(`#open-list li[data-id="${id}"]`);
    assert.ok(row.includes(name), row);
    await eve.page.goto(`${srv.base}/#/player/${me.id}`);
    await eve.page.waitForSelector('#player-name-h');
    assert.equal(await eve.page.textContent('#player-name-h'), name);
    for (const p of [eve, alice]) {
      assert.equal(await p.page.evaluate(() => window.xss), undefined);
      assert.equal(await p.page.locator('b').count(), 0);
    }
  } finally { await eve.close(); }
});

test('go 19x19 watched by a spectator: a long game with captures, the last move and star points', async () => {
  const tok = async (p) => p.page.evaluate(() => localStorage.getItem('gs.token'));
  const call = async (token, path, body) => {
    const r = await fetch(srv.base + '/api' + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify(body) });
    const j = await r.json();
    assert.ok(r.ok, JSON.stringify(j));
    return j.game;
  };
  const [ta, tb] = [await tok(alice), await tok(bob)];
  let g = await call(ta, '/games', { spec: 'go:size=19', color: 'black', opponent: { type: 'open' } });
  g = await call(tb, `/games/${g.id}/join`, {});
  let seed = 7;
  while (g.ply < 160 && g.status === 'playing') {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const pt = g.legal[seed % g.legal.length];
    g = await call(g.to_move === 'black' ? ta : tb, `/games/${g.id}/moves`, { ply: g.ply + 1, move: { x: pt[0], y: pt[1] } });
  }
  const carol = await person(browser, srv.base, { width: 1000, height: 680 });
  try {
    await carol.page.goto(`${srv.base}/#/game/${g.id}`);
    await carol.page.waitForSelector('svg.board .last');
    // the spectator count follows the server's presence messages, not only the next move
    await carol.page.waitForFunction(() => /1 watching/.test(document.querySelector('.extra').textContent));
    const dave = await person(browser, srv.base);
    await dave.page.goto(`${srv.base}/#/game/${g.id}`);
    await carol.page.waitForFunction(() => /2 watching/.test(document.querySelector('.extra').textContent));
    await dave.close();
    await carol.page.waitForFunction(() => /1 watching/.test(document.querySelector('.extra').textContent));
    const stones = g.board.join('').replace(/\./g, '').length;
    assert.equal(await carol.page.locator('svg.board .stone').count(), stones);
    assert.equal(await carol.page.locator('svg.board .star').count(), 9);
    assert.ok(g.captures.black + g.captures.white > 0, 'the random game captured stones');
    assert.match(await carol.page.textContent('.seat.black .caps'), new RegExp(String(g.captures.black)));
    await shot(carol.page, 'go19');
    assert.deepEqual(carol.errors, []);
  } finally { await carol.close(); }
});

test('a phone-sized screen in Korean: the header\'s links stay on one line, nothing overflows sideways', async () => {
  // a short name leaves the links little room beside it; a long name with no
  // space in it (32 characters are allowed) must wrap in the lobby's lists,
  // the player page and the header instead of widening the page
  for (const name of ['kim2026', '김철수김철수김철수김철수김철수김철수김철수김철수김철수김철수김철']) {
    const kim = await person(browser, srv.base, { lang: 'ko', width: 360, height: 740 });
    try {
      const me = await signUp(kim, name);
      await newGame(kim, 'go:size=9,rules=chinese,komi=7.5', { opponent: 'open' });
      const lines = (sel) => kim.page.$$eval(sel, (els) => els.map((el) => {
        const r = document.createRange(); r.selectNodeContents(el);
        // one rectangle per line box of the text
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
      }));
      for (const path of ['#/', '#/stats', `#/player/${me.id}`]) {
        await kim.page.goto(srv.base + '/' + path);
        await kim.page.waitForSelector('#nav a');
        await kim.page.waitForSelector(path === '#/' ? '#open-list li[data-id]' : path === '#/stats' ? '#figures' : '#history');
        assert.deepEqual(await lines('#nav a'), [1, 1], `${name} ${path}: ${await kim.page.textContent('#nav')} wraps`);
        const [sw, cw] = await kim.page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(sw <= cw, `${name} ${path}: page ${sw} px wide in a ${cw} px screen`);
      }
      if (name === 'kim2026') await shot(kim.page, 'phone-ko');
    } finally { await kim.close(); }
  }
});

test('the lobby and the player page; no page logged an error', async () => {
  await bob.page.goto(srv.base + '/#/');
  await bob.page.waitForSelector('#done-list li[data-id]');
  await shot(bob.page, 'lobby');
  // the language can be switched; the choice is kept
  await bob.page.selectOption('#lang', 'ko');
  await bob.page.waitForFunction(() => document.querySelector('#nav a').textContent === '로비');
  assert.equal(await bob.page.getAttribute('html', 'lang'), 'ko');
  await bob.page.reload();
  await bob.page.waitForFunction(() => document.querySelector('#nav a')?.textContent === '로비');
  // the games' Korean names, summary and key labels are the game modules' (from /api/meta)
  await bob.page.waitForSelector('#ng-game option[value="g:go"]', { state: 'attached' });
  assert.equal(await bob.page.textContent('#ng-game option[value="g:go"]'), '바둑 (go)');
  assert.equal(await bob.page.textContent('#ng-game option[value="a:renju"]'), '렌주 (renju)');
  await bob.page.selectOption('#ng-game', 'g:go');
  assert.equal(await bob.page.textContent('label[for="ng-k-komi"]'), '덤 (komi)');
  assert.match(await bob.page.textContent('#ng-summary'), /^바둑: /);
  await shot(bob.page, 'lobby-ko');
  await bob.page.selectOption('#lang', 'en');
  const me = await bob.page.evaluate(() => JSON.parse(localStorage.getItem('gs.player')));
  await bob.page.goto(`${srv.base}/#/player/${me.id}`);
  await bob.page.waitForSelector('#history');
  // one game's result reads "Win (...)", not the column heading's "Wins"
  const results = await bob.page.$$eval('#history tbody tr', (trs) => trs.map((tr) => [tr.className, tr.children[4].textContent]));
  for (const [cls, text] of results) {
    if (cls === 'win') assert.match(text, /^Win \(/);
    if (cls === 'loss') assert.match(text, /^Loss \(/);
  }
  assert.ok(results.some(([cls]) => cls === 'win' || cls === 'loss'), JSON.stringify(results));
  await shot(bob.page, 'player');
  // allowed: the refused connections while the server was down
  for (const p of [alice, bob]) assert.deepEqual(p.errors.filter((e) => !/WebSocket|ERR_CONNECTION/.test(e)), []);
});
