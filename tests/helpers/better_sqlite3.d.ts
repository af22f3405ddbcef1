/** better-sqlite3 ships no types; the CLI tests only open a file read-only and run queries. */
declare module 'better-sqlite3'
