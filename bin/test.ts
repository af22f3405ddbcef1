await import('../backend/bin/test.js')
