// The back-office entry (admin.html), kept tiny: it imports the app (admin/mount.tsx: react-admin, MUI,
// React, ~190 KB gz) dynamically. On /admin/login the server has already drawn the sign-in page into #root
// (signInShells.tsx); evaluating the app and its first render take ~350 ms at 4× CPU slowdown, and when
// the app's chunks arrived before the browser's first paint it ran them first (docs/benchmarks.md, "fifth
// pass"). So the app is imported once that HTML has been painted: after the next frame (a task queued from
// requestAnimationFrame runs after the paint), or at once in a hidden tab, where frames do not come.
// admin.html still lists the app's chunks as modulepreload links (frontend/vite.config.ts,
// `preloadDeferredApp`): they download with the page, in one step, while it paints.
let started = false
function start() {
  if (started) return
  started = true
  void import('./admin/mount')
}

if (!document.getElementById('root')?.hasChildNodes() || document.visibilityState === 'hidden') start()
else {
  requestAnimationFrame(() => setTimeout(start))
  document.addEventListener('visibilitychange', start, { once: true })
}
