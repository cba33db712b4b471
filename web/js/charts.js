// Chart.js (from npm, copied into the served tree by `make web`), loaded only
// by the pages that draw charts.  Each chart keeps its figures in a data-values
// attribute and in a table next to it, so they can be read without the canvas.
import { h } from './dom.js';
import { t } from './i18n.js';

let loading = null;
export function loadCharts() {
  if (window.Chart) return Promise.resolve(window.Chart);
  if (!loading) loading = new Promise((resolve) => {
    const sc = document.createElement('script');
    sc.src = '/vendor/chart.umd.js';
    sc.onload = () => resolve(window.Chart || null);
    sc.onerror = () => resolve(null);
    document.head.append(sc);
  });
  return loading;
}

export const COLORS = { black: '#2b2b2b', white: '#c9c4b8', draw: '#8a9bb0', accent: '#b5651d', accent2: '#2f6f8f', grid: '#e3ded3' };

// figure(id, title, type, labels, datasets): a <figure> with the chart and a
// table of the same numbers (screen readers, no-JS readers, tests).
export function figure(id, title, type, labels, datasets, opts = {}) {
  const canvas = h('canvas', { role: 'img', 'aria-label': title });
  const table = h('table', { class: 'fig-table' },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, opts.labelHead || ''), datasets.map((d) => h('th', { scope: 'col' }, d.label || t('count'))))),
    h('tbody', null, labels.map((l, i) => h('tr', null, h('th', { scope: 'row' }, String(l)), datasets.map((d) => h('td', null, fmt(d.data[i])))))));
  const fig = h('figure', { class: 'chart', id, dataset: { values: JSON.stringify(datasets.map((d) => d.data)), labels: JSON.stringify(labels) } },
    h('figcaption', null, title), h('div', { class: 'canvas-box' + (type === 'doughnut' ? ' round' : '') }, canvas), h('details', null, h('summary', null, t('data_table')), table));
  fig.draw = (Chart) => {
    if (!Chart) return;
    const cfg = {
      type, data: { labels, datasets },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        plugins: { legend: { display: type === 'doughnut' || datasets.length > 1, position: 'bottom' } },
        scales: type === 'doughnut' ? {} : { x: { stacked: !!opts.stacked, grid: { color: COLORS.grid } }, y: { stacked: !!opts.stacked, beginAtZero: opts.zero !== false, grid: { color: COLORS.grid }, ticks: { precision: opts.precision ?? 0 } } },
      },
    };
    fig.chart = new Chart(canvas, cfg);
  };
  return fig;
}

function fmt(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  return v === null || v === undefined ? '' : String(v);
}
