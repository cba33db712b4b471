// gridstone as an ES module for Node and browsers.  The .wasm next to this
// file is loaded from disk (Node) or fetched from the same place as this
// module (browsers): nothing comes from the network beyond that file.
import createGridstoneCore from './gridstone-core.mjs';
import { gridstoneApi } from './api.mjs';

const wasmURL = new URL('./gridstone-core.wasm', import.meta.url);
const options = {};
if (typeof process === 'object' && process.versions && process.versions.node) {
  // Node: read the bytes ourselves (Node's fetch cannot read file: URLs).
  const { readFile } = await import('node:fs/promises');
  options.wasmBinary = await readFile(wasmURL);
} else {
  options.locateFile = () => wasmURL.href;
}
const api = gridstoneApi(await createGridstoneCore(options));

export const { Game, GridstoneError, games, setLanguage, reasonCodes, version, memoryBytes, EMPTY, BLACK, WHITE } = api;
export default api;
