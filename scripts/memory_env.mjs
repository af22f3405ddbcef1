/**
 * glibc malloc settings for the server process (defaults; the environment
 * may override them). The census preview runs in threads that end after
 * each file; with glibc's defaults the memory those threads freed stayed in
 * per-thread arenas, so the server kept 50–90 MB more after each preview
 * and import. One arena and trimming/mmap above 128 KB give most of it
 * back to the system (docs/benchmarks.md, "Census import through the
 * running server" and "third pass": with one arena the server was back
 * under 200 MB after every round; with two it grew past it by the third).
 */
export const MEMORY_ENV = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
}
