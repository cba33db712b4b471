// The new-game options, built from what /api/meta says about each game: its
// canonical default spec (every key with its default) and its one-line key
// help ("rules=a|b|c", "size=4..16", "gravity=0|1").  No game is named here.
export function parseSpec(spec) {
  const i = spec.indexOf(':');
  const name = i < 0 ? spec : spec.slice(0, i);
  const keys = [];
  if (i >= 0) for (const kv of spec.slice(i + 1).split(',')) {
    const j = kv.indexOf('=');
    if (j > 0) keys.push([kv.slice(0, j).trim(), kv.slice(j + 1).trim()]);
  }
  return { name, keys };
}

export function keyFields(game) {
  // structured keys when the server gives them: [{name, type, default, min, max, choices, step, help}]
  const list = Array.isArray(game.keys) ? game.keys : (Array.isArray(game.options) ? game.options : null);
  if (list) {
    return list.map((k) => {
      const type = String(k.type || 'text').toLowerCase();
      // a null default means "decided by another key" (a rule preset): left unset
      const d = 'default' in k ? k.default : k.def;
      const f = { key: k.name || k.key, label_ko: k.label_ko, def: d === null || d === undefined ? '' : String(d), help: k.help || '', optional: d === null || d === undefined };
      const choices = k.choices || k.names;
      if (type === 'enum' && Array.isArray(choices)) return { ...f, type: 'enum', choices };
      if (type === 'bool') return f.optional ? { ...f, type: 'enum', choices: ['0', '1'] } : { ...f, type: 'bool', def: ['1', 'true'].includes(f.def) ? '1' : '0' };
      if (type === 'int' || type === 'size') return { ...f, type: 'number', min: k.min ?? k.lo, max: k.max ?? k.hi, step: k.step || undefined };
      if (type === 'number') return { ...f, type: 'decimal', min: k.min ?? k.lo, max: k.max ?? k.hi, step: k.step || 0.5 };
      return { ...f, type: 'text' };
    });
  }
  const { keys } = parseSpec(game.default_spec || game.name);
  const help = ' ' + (game.keys || '') + ' ';
  return keys.map(([key, def]) => {
    const m = new RegExp('[\\s,(]' + key.replace(/[^a-z0-9_]/gi, '') + '=([^\\s,;()]+)').exec(help);
    const f = { key, def, type: 'text' };
    if (!m) return f;
    const v = m[1];
    const range = /^(-?\d+)\.\.(-?\d+)$/.exec(v);
    if (range) return { ...f, type: 'number', min: +range[1], max: +range[2] };
    const alts = v.split('|');
    if (alts.length === 2 && alts.includes('0') && alts.includes('1')) return { ...f, type: 'bool' };
    if (alts.length > 1 && alts.every((a) => /^[a-z][a-z0-9_-]*$/.test(a))) return { ...f, type: 'enum', choices: alts };
    if (/^-?[\d.]+$/.test(def)) return { ...f, type: /\./.test(def) || /^[A-Z]$/.test(v) ? 'decimal' : 'text' };
    return f;
  });
}

export function buildSpec(name, values) {
  const kv = Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined).map(([k, v]) => `${k}=${v}`);
  return kv.length ? `${name}:${kv.join(',')}` : name;
}
