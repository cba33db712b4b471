// The game page: the board, both players with clocks, the controls, offers,
// the Go scoring phase and the result.  State comes only from the server
// (GET /api/games/{id}, then the WebSocket's state/move/game messages).
import { h, clear, fmtClock, busy } from '../dom.js';
import { t, colorName, seatName } from '../i18n.js';
import { api, session, socket } from '../api.js';
import { Board, pieceIcon } from '../board.js';
import { toast, errorText, nameForm } from '../app.js';

export async function render(main, { match, query }) {
  const id = Number(match[1]);
  const invite = query.get('invite') || null;
  let game = null;
  let clock = null, clockAt = 0;
  let presence = null;
  let lastError = '';
  let listUndos = -1;   // the undos count the move list was drawn for
  const me = () => session.player;
  const myColor = () => {
    const p = me();
    if (!p || !game) return null;
    for (const c of ['black', 'white']) if (game.players[c] && game.players[c].id === p.id) return c;
    return null;
  };

  const board = new Board({
    onPlay: (x, y) => act({ type: 'move', ply: game.ply + 1, move: { x, y } }),
    onMark: (x, y) => act({ type: 'mark_dead', point: [x, y] }),
    onHover: (d) => { hoverLine.textContent = d ? d.text : ''; },
  });
  const title = h('h1', { class: 'game-title' });
  const statusLine = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const errLine = h('p', { class: 'move-error', id: 'move-error', role: 'alert' });
  const hoverLine = h('p', { class: 'hover muted small', 'aria-hidden': 'true' });
  const seats = { black: h('div', { class: 'seat black' }), white: h('div', { class: 'seat white' }) };
  const offerBox = h('div', { class: 'offer', id: 'offer' });
  const scoreBox = h('div', { class: 'scoring-box', id: 'scoring' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const extra = h('div', { class: 'extra' });
  const moveList = h('ol', { class: 'move-list', id: 'moves', 'aria-label': t('move_list') });
  const panel = h('aside', { class: 'panel card' }, title, seats.black, seats.white, statusLine, errLine, hoverLine, offerBox, scoreBox, controls, extra,
    h('details', { class: 'moves-box' }, h('summary', null, t('move_list')), moveList));
  main.append(h('div', { class: 'game-page' }, h('div', { class: 'board-col' }, board.el), panel));
  main.dataset.game = id;

  // One request of a kind at a time: a double click's second click, sent
  // before the first was answered, was refused (a second move for the same
  // ply: 'conflict'; a second offer: 'an offer is already open'; a second
  // answer: 'there is no such offer'), shown in red under what had worked.
  const inflight = new Set();
  // A button's handler that ignores the second click of a double click
  // (event.detail 2+): that click may land on a button the first one's answer
  // just drew (declining an offer closes its box and the controls move up
  // under the pointer), and would offer a draw or an undo nobody meant.
  const press = (fn) => (ev) => { if (!ev || !(ev.detail > 1)) fn(); };
  async function act(msg) {
    // (marking two different groups in quick succession is two requests)
    const key = msg.type + (msg.type === 'move' ? ':' + msg.ply : msg.type === 'mark_dead' ? ':' + msg.point : '');
    if (inflight.has(key)) return;
    inflight.add(key);
    errLine.textContent = '';
    try {
      await socket.request({ ...msg, game: id });
    } catch (e) {
      lastError = errorText(e);
      errLine.textContent = lastError;
      errLine.dataset.code = e.code || '';
    } finally {
      inflight.delete(key);
    }
  }

  function seat(c) {
    const el = clear(seats[c]);
    const p = (game.players && game.players[c]) || {};
    const name = seatName(p);
    const online = presence ? presence[c] : p.online;
    el.classList.toggle('to-move', game.status === 'playing' && game.to_move === c);
    el.append(
      h('div', { class: 'seat-id' }, pieceIcon(game.kind, game.spec, c, 22),
        h('span', { class: 'seat-name' }, p.id ? h('a', { href: `#/player/${p.id}` }, name) : (name || t('waiting'))),
        p.ai ? h('span', { class: 'tag' }, t('ai')) : null,
        (p.id || p.ai) ? h('span', { class: 'presence ' + (online || p.ai ? 'on' : 'off'), title: online || p.ai ? t('online') : t('offline') }, online || p.ai ? '●' : '○') : null,
        myColor() === c ? h('span', { class: 'tag you' }, t('you')) : null),
      h('div', { class: 'seat-info' },
        h('span', { class: 'clock', id: 'clock-' + c }),
        game.captures && (game.captures.black || game.captures.white || game.kind === 'go') ? h('span', { class: 'caps' }, `${t('captures')}: ${game.captures[c] ?? 0}`) : null));
  }

  function watchingText() {
    return t('watching') + (presence ? ' · ' + t('spectators', { n: presence.spectators }) : '');
  }

  function renderClocks() {
    for (const c of ['black', 'white']) {
      const el = main.querySelector('#clock-' + c);   // this page's, not a later page's
      if (!el) continue;
      if (!clock || clock.type === 'none' || !clock[c]) { el.textContent = ''; continue; }
      let ms = clock[c].ms;
      const running = clock.running === c && game.status === 'playing';
      if (running) ms -= Date.now() - clockAt;
      let text = fmtClock(Math.max(0, ms));
      if (clock.type === 'byoyomi' && clock.period_ms) text += ' + ' + t('periods_left', { n: clock[c].periods ?? clock.periods, s: Math.round(clock.period_ms / 1000) });
      el.textContent = text;
      el.classList.toggle('running', running);
      el.classList.toggle('low', running && ms < 10000);
    }
  }

  function statusText() {
    if (game.status === 'open') return t('waiting');
    if (game.status === 'finished' && game.result) return `${t('result')}: ${game.result.message || game.result.text}`;
    if (game.status === 'scoring') return t('scoring');
    const mc = myColor();
    if (mc) return mc === game.to_move ? t('your_turn') : t('their_turn');
    return t('to_move', { c: colorName(game.to_move) });
  }

  function renderAll(animate) {
    if (!game) return;
    const mc = myColor();
    title.textContent = game.spec.replace(/,/g, ',\u200b');
    const interactive = game.status === 'playing' && mc === game.to_move;
    board.update(game, { interactive, mode: game.status === 'scoring' && mc ? 'score' : 'play', animate });
    seat('black'); seat('white');
    statusLine.textContent = statusText();
    statusLine.className = 'status ' + game.status + (game.result ? ' result' : '');
    // offers
    clear(offerBox);
    if (game.offer && game.status === 'playing') {
      const from = game.offer.from;
      const label = t(game.offer.kind === 'draw' ? 'offer_draw_from' : 'offer_undo_from', { c: colorName(from) });
      offerBox.append(h('p', null, label));
      if (mc && mc !== from) {
        const type = game.offer.kind === 'draw' ? 'draw_answer' : 'undo_answer';
        offerBox.append(h('div', { class: 'row' },
          h('button', { class: 'primary', id: 'offer-accept', onclick: press(() => act({ type, accept: true })) }, t('accept')),
          h('button', { id: 'offer-decline', onclick: press(() => act({ type, accept: false })) }, t('decline'))));
      } else if (mc === from) offerBox.append(h('p', { class: 'muted small' }, t('offer_sent')));
    }
    // scoring
    clear(scoreBox);
    if (game.scoring && (game.status === 'scoring' || game.status === 'finished')) {
      const sc = game.scoring.score || {};
      scoreBox.append(h('h2', null, t('scoring')));
      // scored at the bound on a Go game's length: the server says so in the page's language
      if (game.scoring.reason === 'move-limit') scoreBox.append(h('p', { class: 'small', id: 'scoring-reason' }, game.scoring.reason_message));
      if (game.status === 'scoring') scoreBox.append(h('p', { class: 'muted small' }, t('scoring_help')));
      scoreBox.append(h('p', { class: 'score-line', id: 'score-text' },
        `${t('black')} ${sc.black ?? '–'} · ${t('white')} ${sc.white ?? '–'}`, sc.text ? h('strong', null, '  ' + sc.text) : null));
      const acc = game.scoring.accepted || {};
      scoreBox.append(h('p', { class: 'small' }, ['black', 'white'].map((c) => h('span', { class: 'acc ' + (acc[c] ? 'yes' : 'no') }, `${colorName(c)}: ${acc[c] ? t('accepted') : '…'} `))));
      if (game.status === 'scoring' && mc && !acc[mc]) scoreBox.append(h('button', { class: 'primary', id: 'accept-score', onclick: press(() => act({ type: 'accept_score' })) }, t('accept_score')));
    }
    // controls
    clear(controls);
    if (mc && game.status === 'playing') {
      controls.append(
        h('button', { id: 'pass', disabled: !(interactive && game.can_pass), onclick: press(() => act({ type: 'move', ply: game.ply + 1, move: 'pass' })) }, t('pass')),
        h('button', { id: 'undo', disabled: !game.moves.length || !!game.offer, onclick: press(() => act({ type: 'undo_request' })) }, t('request_undo')),
        h('button', { id: 'draw', disabled: !!game.offer, onclick: press(() => act({ type: 'draw_offer' })) }, t('offer_draw')),
        h('button', { id: 'resign', class: 'danger', onclick: press(() => { if (confirm(t('confirm_resign'))) act({ type: 'resign' }); }) }, t('resign')));
    } else if (mc && game.status === 'scoring') {
      // no resuming at the bound on a Go game's length: play would reach it again
      if (!(game.scoring && game.scoring.reason === 'move-limit')) controls.append(h('button', { id: 'resume', title: t('resume_help'), onclick: press(() => act({ type: 'resume' })) }, t('resume')));
      controls.append(
        h('button', { id: 'resign', class: 'danger', onclick: press(() => { if (confirm(t('confirm_resign'))) act({ type: 'resign' }); }) }, t('resign')));
    }
    // extra: invite link, join, review, downloads
    clear(extra);
    if (game.status === 'open' && mc && game.invite) {
      const link = `${location.origin}/#/game/${id}?invite=${encodeURIComponent(game.invite)}`;
      const inp = h('input', { readonly: true, value: link, id: 'invite-link', 'aria-label': t('invite_link') });
      extra.append(h('p', { class: 'small' }, t('invite_link')), h('div', { class: 'row' }, inp,
        h('button', { onclick: async () => { inp.select(); try { await navigator.clipboard.writeText(link); toast(t('copied'), 'info'); } catch { document.execCommand('copy'); } } }, t('copy'))));
    }
    // the creator withdraws a challenge nobody has joined (the game is deleted)
    if (game.status === 'open' && mc) {
      extra.append(h('button', { id: 'cancel-game', onclick: (ev) => busy(ev.currentTarget, async () => {
        try { await api('POST', `/games/${id}/action`, { type: 'cancel' }); location.hash = '#/'; } catch (e) { toast(errorText(e)); }
      }) }, t('cancel_game')));
    }
    if (game.status === 'open' && !mc) {
      if (!me()) extra.append(nameForm(() => renderAll(false)));
      else extra.append(h('button', { class: 'primary big', id: 'join', onclick: (ev) => busy(ev.currentTarget, async () => {
        try { const r = await api('POST', `/games/${id}/join`, invite ? { invite } : {}); setGame(r.game, false); } catch (e) { toast(errorText(e)); }
      }) }, t('join')));
    }
    if (!mc && game.status !== 'open') extra.append(h('p', { class: 'muted small', id: 'watching' }, watchingText()));
    if (game.status === 'finished') {
      // a private game is read with its invite: a link sends no token
      const code = game.invite || invite;
      const q = code ? `?invite=${encodeURIComponent(code)}` : '';
      extra.append(h('div', { class: 'row' },
        h('a', { class: 'btn primary', href: `#/review/${id}${q}` }, t('review')),
        game.sgf ? h('a', { class: 'btn', href: `/api/games/${id}/sgf${q}`, download: `gridstone-${id}.sgf` }, 'SGF') : null,
        h('a', { class: 'btn', href: `/api/games/${id}/json${q}`, download: `gridstone-${id}.json` }, 'JSON')));
    }
    // moves: while no move is taken back (undos unchanged) the list only
    // grows, so only the new moves are added
    const moves = game.moves || [];
    if (listUndos !== (game.undos || 0) || moveList.childElementCount > moves.length) {
      clear(moveList);
      listUndos = game.undos || 0;
    }
    for (let i = moveList.childElementCount; i < moves.length; i++) moveList.append(h('li', { class: moves[i].color }, moves[i].text || t('passed')));
    renderClocks();
  }

  function setGame(g, animate) {
    const ply = game ? game.ply : -1;
    game = g;
    if (g.clock) { clock = g.clock; clockAt = Date.now(); } else clock = null;
    socket.progress(id, g.ply, g.undos || 0);
    if (g.ply !== ply) errLine.textContent = '';
    renderAll(animate);
  }

  const off = socket.on((msg) => {
    switch (msg.type) {
      case 'state': if (msg.game && msg.game.id === id) setGame(msg.game, false); break;
      case 'move':
        // the state has no move list (docs/PROTOCOL.md): append the move to
        // ours, or ask for the whole game when one was missed
        if (msg.game === id && msg.state) {
          const s = msg.state;
          if (s.moves) setGame(s, true);
          else if (game && game.moves && s.ply === game.ply + 1 && (s.undos || 0) === (game.undos || 0)) {
            s.moves = [...game.moves, msg.move];
            setGame(s, true);
          } else socket.watch(id, game ? game.ply : 0, game ? game.undos || 0 : 0, invite);
        }
        break;
      case 'game':
        if (msg.game && msg.game.id === id && msg.event === 'cancel') {
          toast(t('game_cancelled'), 'info');
          location.hash = '#/';
        } else if (msg.game && msg.game.id === id) {
          setGame(msg.game, false);
          if (msg.event === 'answer' || msg.event === 'end') { /* told below */ }
        }
        break;
      case 'offer': if (msg.game === id && game) { game.offer = { kind: msg.kind, from: msg.from }; renderAll(false); } break;
      case 'answer': if (msg.game === id) toast(t(msg.accept ? 'answer_accepted' : 'answer_declined'), 'info'); break;
      case 'clock': if (msg.game === id) { clock = msg.clock; clockAt = Date.now(); renderClocks(); } break;
      case 'presence':
        if (msg.game === id) {
          presence = msg;
          if (game) { seat('black'); seat('white'); renderClocks(); }
          const w = main.querySelector('#watching');
          if (w) w.textContent = watchingText();
        }
        break;
      case 'end': if (msg.game === id && msg.result) toast(`${t('game_over')}: ${msg.result.message || msg.result.text}`, 'info'); break;
      case 'error':
        if (msg.game === id && !msg.req) { errLine.textContent = msg.error.message; }
        break;
      default: break;
    }
  });
  const tick = setInterval(renderClocks, 250);

  try {
    const r = await api('GET', `/games/${id}` + (invite ? `?invite=${encodeURIComponent(invite)}` : ''));
    setGame(r.game, false);
    performance.mark('gs:board');
  } catch (e) {
    // no such game (or a private one without its invite): say so, watch nothing
    if (e.status === 404) {
      off();
      clearInterval(tick);
      clear(main).append(h('section', { class: 'card' }, h('p', { class: 'form-error' }, errorText(e))));
      return null;
    }
    statusLine.textContent = errorText(e);
  }
  // left while it loaded (route() gave the screen to another page, maybe of
  // this game): watch nothing, or the other page's watch would end with ours
  if (!main.isConnected) { off(); clearInterval(tick); return null; }
  socket.watch(id, game ? game.ply : 0, game ? game.undos || 0 : 0, invite);
  if (game && myColor() && game.status === 'playing') board.svg.focus({ preventScroll: true });

  return () => { off(); clearInterval(tick); socket.unwatch(id); };
}
