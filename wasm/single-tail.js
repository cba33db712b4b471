
// gridstone as one classic script: `Gridstone.ready` resolves to the API
// ({Game, GridstoneError, games, setLanguage, reasonCodes, version, ...}).
(function (root) {
  const ready = createGridstoneCore().then(gridstoneApi);
  const G = { ready };
  ready.then((api) => Object.assign(G, api));
  root.Gridstone = G;
})(typeof globalThis !== 'undefined' ? globalThis : this);
