// The back-office entry (admin.html), kept tiny: it imports the app (admin/mount.tsx: react-admin, MUI,
// React, ~190 KB gz) dynamically. On /admin/login the server has already drawn the sign-in page into #root
// (signInShells.tsx); evaluating the app and its first render take ~350 ms at 4× CPU slowdown, and when
// the app's chunks arrived before the browser's first paint it ran them first (docs/benchmarks.md, "fifth
// pass"). So the app is imported once that HTML has been painted: after the next frame (a task queued from
// requestAnimationFrame runs after the paint), or at once in a hidden tab, where frames do not come.
// admin.html still lists the app's chunks as modulepreload links (frontend/vite.config.ts,
// `preloadDeferredApp`): they download with the page, in one step, while it paints.
// A submit of the server's form before the app has taken over is kept for the app (AdminLoginPage), not sent
// as the browser's own GET, which would reload the page and lose what was typed.
document.querySelector('#root form')?.addEventListener('submit', (event) => {
  event.preventDefault()
  ;(event.currentTarget as HTMLFormElement).dataset.submitted = 'true'
})

let started = false
function start() {
  if (started) return
  started = true
  void import('./admin/mount')
}

if (!document.getElementById('root')?.hasChildNodes() || document.visibilityState === 'hidden')
  start()
else {
  requestAnimationFrame(() => setTimeout(start))
  document.addEventListener('visibilitychange', start, { once: true })
}
