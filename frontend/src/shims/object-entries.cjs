// `object.entries` for the browser build: node-polyglot (react-admin's translations) requires this
// ES2017 polyfill, which brings get-intrinsic and a dozen helper packages (~7 KB gz) with it;
// every browser the back-office supports has Object.entries (vite.config.ts aliases it here).
module.exports = function entries(object) {
  return Object.entries(object)
}
