// Review of a finished (or running) game: step through every position with a
// slider, buttons and the keyboard.  Positions come from the server.
import { h, clear, fmtDate } from '../dom.js';
import { t, getLang, colorName } from '../i18n.js';
import { api } from '../api.js';
import { Board } from '../board.js';
import { playersLine } from './lobby.js';
import { errorText } from '../app.js';

export async function render(main, { match, query }) {
  const id = Number(match[1]);
  // a private game is read with its invite (from the link, or the GAME object for its players)
  let q = query && query.get('invite') ? `?invite=${encodeURIComponent(query.get('invite'))}` : '';
  let game;
  try { game = (await api('GET', `/games/${id}${q}`)).game; } catch (e) { main.append(h('section', { class: 'card' }, h('p', { class: 'form-error' }, errorText(e)))); return null; }
  if (!q && game.invite) q = `?invite=${encodeURIComponent(game.invite)}`;
  let positions = null;
  try { positions = (await api('GET', `/games/${id}/positions${q}`)).positions; } catch { positions = null; }
  const n = game.moves.length;
  const cache = new Map();
  if (positions) positions.forEach((p, i) => cache.set(i, p));
  cache.set(n, game);

  async function positionAt(i) {
    if (cache.has(i)) return cache.get(i);
    try {
      const g = (await api('GET', `/games/${id}${q ? q + '&' : '?'}at=${i}`)).game;
      if (g && g.ply === i) { cache.set(i, g); return g; }
    } catch { /* not offered */ }
    return null;
  }

  const board = new Board({});
  const slider = h('input', { type: 'range', min: 0, max: n, value: n, id: 'review-slider', 'aria-label': t('move_list') });
  const label = h('output', { id: 'review-label', for: 'review-slider', 'aria-live': 'polite' });
  const btn = (idn, text, f, key) => h('button', { id: idn, onclick: f, title: key, 'aria-keyshortcuts': key }, text);
  const list = h('ol', { class: 'move-list clickable', id: 'review-moves' });
  let cur = n;
  const show = async (i) => {
    i = Math.max(0, Math.min(n, i));
    cur = i;
    slider.value = String(i);
    const mv = i > 0 ? game.moves[i - 1] : null;
    label.textContent = i === 0 ? t('start') : `${t('move_n', { n: i })}: ${t('played_by', { c: colorName(mv.color), m: mv.text || t('passed') })}`;
    for (const li of list.children) li.classList.toggle('current', Number(li.dataset.ply) === i);
    const p = await positionAt(i);
    if (cur !== i) return;
    if (p) {
      const view = { ...game, ...p, moves: game.moves.slice(0, i), status: i === n ? game.status : 'review', legal: [], illegal: [], ply: i };
      if (i !== n) { view.line = p.line || []; view.scoring = null; }
      board.update(view, { interactive: false, mode: 'view', animate: false });
      board.el.classList.remove('stale');
    } else board.el.classList.add('stale');
  };
  for (const mv of game.moves) list.append(h('li', { class: mv.color, dataset: { ply: mv.ply }, tabindex: '-1', onclick: () => show(mv.ply) }, mv.text || t('passed')));
  slider.addEventListener('input', () => show(Number(slider.value)));
  const keys = (e) => {
    if (e.target && (e.target.tagName === 'INPUT' && e.target !== slider || e.target.tagName === 'SELECT')) return;
    const k = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: n, PageUp: cur - 10, PageDown: cur + 10 }[e.key];
    if (k === undefined) return;
    e.preventDefault();
    show(k);
  };
  document.addEventListener('keydown', keys);

  const result = game.result ? `${t('result')}: ${game.result.message || game.result.text}` : t('status_' + game.status);
  main.append(h('div', { class: 'game-page review' },
    h('div', { class: 'board-col' }, board.el),
    h('aside', { class: 'panel card' },
      h('h1', { class: 'game-title' }, t('review'), ' · ', game.spec.replace(/,/g, ',\u200b')),
      h('p', null, playersLine(game)),
      h('p', { class: 'status result' }, result),
      h('p', { class: 'muted small' }, fmtDate(game.created, getLang())),
      h('div', { class: 'review-nav' },
        btn('rv-first', '« ' + t('first'), () => show(0), 'Home'),
        btn('rv-prev', '◀ ' + t('prev'), () => show(cur - 1), 'ArrowLeft'),
        btn('rv-next', t('next') + ' ▶', () => show(cur + 1), 'ArrowRight'),
        btn('rv-last', t('last') + ' »', () => show(n), 'End')),
      slider, label,
      positions === null && !cache.has(0) ? h('p', { class: 'muted small', id: 'review-note' }) : null,
      h('div', { class: 'row' },
        game.sgf ? h('a', { class: 'btn', href: `/api/games/${id}/sgf${q}`, download: `gridstone-${id}.sgf`, id: 'dl-sgf' }, t('download_sgf')) : null,
        h('a', { class: 'btn', href: `/api/games/${id}/json${q}`, download: `gridstone-${id}.json`, id: 'dl-json' }, t('download_json'))),
      h('details', { class: 'moves-box', open: true }, h('summary', null, t('move_list')), list))));
  await show(n);
  performance.mark('gs:board');
  return () => document.removeEventListener('keydown', keys);
}
