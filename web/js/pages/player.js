// A player's page: totals, streaks, ratings per game kind with their history
// as a chart, and the list of games.
import { h, clear, fmtDate } from '../dom.js';
import { t, getLang, colorName, nameOf, seatName } from '../i18n.js';
import { api, meta, session, socket } from '../api.js';
import { loadCharts, figure, COLORS } from '../charts.js';
import { playersLine } from './lobby.js';
import { errorText, renderHeader } from '../app.js';

export async function render(main, { match }) {
  const id = Number(match[1]);
  let prof;
  const known = meta().catch(() => null);   // the games' names in the reader's language
  try { prof = await api('GET', `/players/${id}`); await known; } catch (e) { main.append(h('section', { class: 'card' }, h('p', { class: 'form-error' }, errorText(e)))); return null; }
  const p = prof.player;
  const stat = (label, value, idn) => h('div', { class: 'stat', id: idn }, h('span', { class: 'stat-v' }, String(value ?? 0)), h('span', { class: 'stat-l' }, label));
  const streak = prof.streak || {};
  const head = h('section', { class: 'card player-head' },
    h('h1', { id: 'player-name-h' }, p.name),
    p.created ? h('p', { class: 'muted small' }, fmtDate(p.created, getLang())) : null,
    h('div', { class: 'stats-row' },
      stat(t('games'), prof.games, 'st-games'), stat(t('wins'), prof.wins, 'st-wins'), stat(t('losses'), prof.losses, 'st-losses'),
      stat(t('draws'), prof.draws, 'st-draws'), stat(t('streak'), streak.current ?? 0, 'st-streak'), stat(t('best_streak'), streak.best ?? 0, 'st-best')),
    session.player && session.player.id === id ? h('button', { class: 'small-btn', onclick: () => { session.clear(); socket.restart(); renderHeader(); location.hash = '#/'; } }, t('sign_out')) : null);
  const ratingsCard = h('section', { class: 'card' }, h('h2', null, t('rating')));
  const histCard = h('section', { class: 'card' }, h('h2', null, t('history')));
  main.append(h('div', { class: 'page-grid' }, head, ratingsCard, histCard));

  const ratings = prof.ratings || [];
  if (!ratings.length) ratingsCard.append(h('p', { class: 'muted' }, t('none_yet')));
  else ratingsCard.append(h('table', { class: 'data', id: 'ratings' },
    h('thead', null, h('tr', null, h('th', null, t('game')), h('th', null, t('rating')), h('th', null, 'RD'), h('th', null, t('games')))),
    h('tbody', null, ratings.map((r) => h('tr', null, h('td', null, nameOf('game', r.game, false)), h('td', null, Math.round(r.rating)), h('td', null, Math.round(r.rd)), h('td', null, r.games ?? ''))))));
  const charts = h('div', { class: 'charts' });
  ratingsCard.append(charts);

  // history
  try {
    const list = await api('GET', `/games?player=${id}&limit=50`);
    const rows = (list.games || []).map((g) => {
      const color = g.players.black && g.players.black.id === id ? 'black' : 'white';
      const other = g.players[color === 'black' ? 'white' : 'black'] || {};
      let res = g.result ? (g.result.winner === 'draw' ? t('draw') : g.result.winner === color ? t('won') : t('lost')) : t('status_' + g.status);
      return h('tr', { class: g.result ? (g.result.winner === color ? 'win' : g.result.winner === 'draw' ? 'draw' : 'loss') : '' },
        h('td', null, fmtDate(g.created, getLang())), h('td', null, g.spec.replace(/,/g, ',\u200b')), h('td', null, colorName(color)),
        h('td', { class: 'name' }, other.id ? h('a', { href: `#/player/${other.id}` }, other.name) : (seatName(other) || '—')),
        h('td', null, res, g.result ? ` (${g.result.text})` : ''),
        h('td', null, h('a', { href: g.status === 'finished' ? `#/review/${g.id}` : `#/game/${g.id}` }, g.status === 'finished' ? t('review') : t('watch'))));
    });
    histCard.append(rows.length ? h('div', { class: 'table-scroll' }, h('table', { class: 'data', id: 'history' },
      h('thead', null, h('tr', null, [t('date'), t('game'), t('color'), t('opponent_col'), t('result'), ''].map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', null, rows))) : h('p', { class: 'muted' }, t('none_yet')));
  } catch (e) { histCard.append(h('p', { class: 'form-error' }, errorText(e))); }

  // rating history charts
  if (ratings.length) {
    const Chart = await loadCharts();
    if (!Chart) charts.append(h('p', { class: 'muted' }, t('no_charts')));
    for (const r of ratings) {
      try {
        const hist = (await api('GET', `/players/${id}/ratings?game=${encodeURIComponent(r.game)}`)).history || [];
        const labels = hist.map((x) => fmtDate(x.time, getLang()));
        const fig = figure('rating-' + r.game, `${t('rating_history')}: ${nameOf('game', r.game, false)}`, 'line', labels,
          [{ label: t('rating'), data: hist.map((x) => Math.round(x.rating)), borderColor: COLORS.accent, backgroundColor: COLORS.accent, tension: 0.2 }], { zero: false });
        charts.append(fig);
        fig.draw(Chart);
      } catch (e) { charts.append(h('p', { class: 'form-error' }, errorText(e))); }
    }
  }
  return null;
}
