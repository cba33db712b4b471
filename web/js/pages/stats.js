// Statistics per game kind and overall, from GET /api/stats: figures and charts.
import { h, clear } from '../dom.js';
import { t, nameOf } from '../i18n.js';
import { api, meta } from '../api.js';
import { loadCharts, figure, COLORS } from '../charts.js';
import { errorText } from '../app.js';

export async function render(main, { match }) {
  const kind = match[1] || null;
  // the figures, the chart library and the game list load side by side
  const statsP = api('GET', '/stats' + (kind ? `?game=${encodeURIComponent(kind)}` : ''));
  statsP.catch(() => {});
  const chartsPromise = loadCharts();
  let m = null;
  try { m = await meta(); } catch { /* tabs only */ }
  const tabs = h('nav', { class: 'tabs', 'aria-label': t('stats') },
    h('a', { href: '#/stats', 'aria-current': kind ? null : 'page' }, t('overall')),
    ((m && m.games) || []).map((g) => h('a', { href: `#/stats/${g.name}`, 'aria-current': kind === g.name ? 'page' : null }, nameOf('game', g.name, false))));
  const body = h('div', { class: 'stats-body' });
  main.append(h('section', { class: 'card' }, h('h1', null, t('stats'), kind ? ` · ${nameOf('game', kind, false)}` : ` · ${t('overall')}`), tabs), body);
  let st;
  try { st = await statsP; } catch (e) { body.append(h('p', { class: 'form-error' }, errorText(e))); return null; }

  const stat = (label, value, idn) => h('div', { class: 'stat', id: idn }, h('span', { class: 'stat-v' }, value), h('span', { class: 'stat-l' }, label));
  const wins = st.wins || {};
  const avg = st.length && st.length.average !== undefined && st.length.average !== null ? Number(st.length.average).toFixed(1) : '–';
  body.append(h('section', { class: 'card' }, h('div', { class: 'stats-row', id: 'figures' },
    stat(t('games'), String(st.games ?? 0), 'f-games'), stat(t('finished'), String(st.finished ?? 0), 'f-finished'),
    stat(t('black'), String(wins.black ?? 0), 'f-black'), stat(t('white'), String(wins.white ?? 0), 'f-white'),
    stat(t('draws'), String(st.draws ?? 0), 'f-draws'), stat(t('resignations'), String(st.resignations ?? 0), 'f-resign'),
    stat(t('timeouts'), String(st.timeouts ?? 0), 'f-timeouts'), stat(t('avg_length'), avg, 'f-avg'),
    st.passes !== undefined ? stat(t('passes'), String(st.passes), 'f-passes') : null)));

  const figs = [];
  figs.push(figure('chart-wins', t('wins_by_color'), 'doughnut', [t('black'), t('white'), t('draws')],
    [{ label: t('games'), data: [wins.black || 0, wins.white || 0, st.draws || 0], backgroundColor: [COLORS.black, COLORS.white, COLORS.draw], borderColor: '#fff' }]));
  const lh = (st.length && st.length.histogram) || [];
  figs.push(figure('chart-length', t('length_dist'), 'bar', lh.map((b) => b.from === b.to ? String(b.from) : `${b.from}–${b.to}`),
    [{ label: t('games'), data: lh.map((b) => b.count), backgroundColor: COLORS.accent2 }], { labelHead: t('length_dist') }));
  const cap = st.captures;
  if (cap && (cap.black || cap.white)) {
    const avg = cap.average_black !== undefined && cap.average_white !== undefined;
    figs.push(figure('chart-captures', avg ? t('captures_by_color') : t('captures'), 'bar', [t('black'), t('white')],
      [{ label: t('captures'), data: avg ? [cap.average_black, cap.average_white] : [cap.black, cap.white], backgroundColor: [COLORS.black, COLORS.white], borderColor: '#777', borderWidth: 1 }], { precision: 1 }));
  }
  if (Array.isArray(st.kinds) && st.kinds.length) {
    figs.push(figure('chart-kinds', t('games_per_kind'), 'bar', st.kinds.map((k) => nameOf('game', k.game, false)),
      [{ label: t('games'), data: st.kinds.map((k) => k.games), backgroundColor: COLORS.accent }], { labelHead: t('game') }));
  }
  const days = st.by_day || [];
  // results over time: per day, the games started that day by how they ended
  const open = (d) => d.games - (d.black || 0) - (d.white || 0) - (d.draws || 0);
  figs.push(figure('chart-days', t('results_over_time'), 'bar', days.map((d) => d.day), [
    { label: t('black'), data: days.map((d) => d.black || 0), backgroundColor: COLORS.black, stack: 'r' },
    { label: t('white'), data: days.map((d) => d.white || 0), backgroundColor: COLORS.white, borderColor: '#777', borderWidth: 1, stack: 'r' },
    { label: t('draws'), data: days.map((d) => d.draws || 0), backgroundColor: COLORS.draw, stack: 'r' },
    { label: t('not_finished'), data: days.map(open), backgroundColor: COLORS.accent, stack: 'r' },
  ], { labelHead: t('date'), stacked: true }));
  const rh = (st.ratings && st.ratings.histogram) || [];
  figs.push(figure('chart-ratings', t('rating_dist'), 'bar', rh.map((b) => `${b.from}–${b.to}`),
    [{ label: t('count'), data: rh.map((b) => b.count), backgroundColor: COLORS.accent2 }], { labelHead: t('rating') }));
  const grid = h('div', { class: 'chart-grid' }, figs);
  body.append(grid);
  const Chart = await chartsPromise;
  if (!Chart) body.prepend(h('p', { class: 'muted' }, t('no_charts')));
  for (const f of figs) f.draw(Chart);
  performance.mark('gs:stats');
  return () => { for (const f of figs) if (f.chart) f.chart.destroy(); };
}
