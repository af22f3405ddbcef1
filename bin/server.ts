await import('../backend/bin/server.js')
