await import('../backend/bin/console.js')
