// The web UI's texts (web/js/i18n.js): every key has English and Korean,
// the Korean is written in Hangul (no English left in the Korean UI), both
// have the same {placeholders}, and every t('key') the pages use exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// i18n.js reads the browser's language when it loads
globalThis.localStorage = { getItem: () => null, setItem() {} };
globalThis.navigator = { languages: ['ko-KR'], language: 'ko-KR' };
globalThis.document = { documentElement: {} };
const { texts, names, t, nameOf, keyLabel, summaryOf, learnGames, setLang } = await import('../../web/js/i18n.js');

// names, abbreviations and pure placeholders: the same in Korean
const SAME = new Set(['app', 'ai', 'played_by']);
const holes = (s) => (s.match(/\{\w+\}/g) || []).sort().join(' ');

test('every text in English and Korean, same placeholders', () => {
  assert.deepEqual(Object.keys(texts.ko).sort(), Object.keys(texts.en).sort());
  for (const [k, en] of Object.entries(texts.en)) {
    const ko = texts.ko[k];
    assert.equal(typeof ko, 'string', k);
    assert.equal(holes(ko), holes(en), `${k}: placeholders '${en}' / '${ko}'`);
    if (!SAME.has(k)) assert.match(ko, /[가-힣]/, `${k}: Korean without Hangul: '${ko}'`);
  }
});

test('every key the pages ask for exists', () => {
  const dir = new URL('../../web/js/', import.meta.url).pathname;
  const files = [...readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)),
    ...readdirSync(join(dir, 'pages')).map((f) => join(dir, 'pages', f))];
  const used = new Set();
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\bt\('([a-z_]+)'/g)) used.add(m[1]);
  // keys built at run time: 'clock_' + type, 'status_' + status
  for (const c of ['none', 'absolute', 'fischer', 'byoyomi']) used.add('clock_' + c);
  for (const s of ['open', 'playing', 'scoring', 'finished']) used.add('status_' + s);
  used.delete('clock_'); used.delete('status_');
  for (const k of used) assert.ok(k in texts.en, `t('${k}') has no text`);
});

test('the Korean particle after a colour', () => {
  // colorName gives 흑 or 백, both ending in a consonant: 이, never 이(가)
  for (const k of ['offer_draw_from', 'offer_undo_from']) assert.match(texts.ko[k], /^\{c\}이 /, k);
  assert.equal(t('offer_draw_from', { c: '흑' }), '흑이 무승부를 제안합니다');   // the browser said ko-KR
});

test('Korean names of the AI levels; no game facts in the page', () => {
  setLang('ko');
  for (const [kind, table] of Object.entries(names.ko))
    for (const [id, ko] of Object.entries(table)) assert.match(ko, /[가-힣]/, `${kind} ${id}`);
  // games, presets, summaries and key labels come from the game modules (/api/meta)
  assert.deepEqual(Object.keys(names.ko), ['level']);
  assert.equal(nameOf('level', 'strong', false), '고급');
  assert.equal(nameOf('game', 'go'), 'go');   // nothing learnt yet: the identifier
  setLang('en');
});

test('game names, summaries and key labels as /api/meta gives them', () => {
  learnGames({
    games: [{ name: 'go', summary: 'Go (baduk): ...', name_ko: '바둑', summary_ko: '바둑: ...', keys: [] }],
    aliases: [{ name: 'renju', spec: 'gomoku:rule=renju', summary: 'Gomoku family', name_ko: '렌주', summary_ko: '오목 계열' }],
  });
  setLang('ko');
  assert.equal(nameOf('game', 'go'), '바둑 (go)');
  assert.equal(nameOf('game', 'renju', false), '렌주');
  assert.equal(nameOf('game', 'nosuchgame'), 'nosuchgame');
  assert.equal(summaryOf('go', 'fallback'), '바둑: ...');
  assert.equal(summaryOf('nosuchgame', 'server text'), 'server text');
  assert.equal(keyLabel('komi', '덤'), '덤 (komi)');
  assert.equal(keyLabel('nosuchkey', undefined), 'nosuchkey');
  setLang('en');
  assert.equal(nameOf('game', 'go'), 'go');
  assert.equal(summaryOf('go', 'x'), 'Go (baduk): ...');
  assert.equal(keyLabel('komi', '덤'), 'komi');
});
