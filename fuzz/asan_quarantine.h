/* Included by the targets that allocate game states per input (one
 * translation unit each): AddressSanitizer's default for that target's
 * process.
 *
 * ASan keeps freed memory in a quarantine (256 MB by default) so that a use
 * after free lands on poisoned memory; memory comes back into use only when
 * it leaves the quarantine.  With 256 MB every input works on cold memory
 * (page faults, cache misses): about half of fuzz_sgf's time.  64 MB keeps
 * every chunk freed during an input poisoned until the input ends - the
 * most one input of these targets allocated in a measurement (2026-11-23,
 * 40,000 runs each, malloc hook): fuzz_sgf 11 MB (mean 82 KB),
 * fuzz_load_many 40 MB (mean 158 KB), fuzz_renju 82 KB (mean 18 KB) - and
 * for hundreds of inputs after it.  ASAN_OPTIONS in the environment still
 * wins (e.g. ASAN_OPTIONS=quarantine_size_mb=256 to rerun a crash). */
#ifndef GS_FUZZ_ASAN_QUARANTINE_H
#define GS_FUZZ_ASAN_QUARANTINE_H

/* A target whose inputs allocate less may set a smaller size (MB, a
 * string) before including this. */
#ifndef GS_FUZZ_QUARANTINE_MB
#define GS_FUZZ_QUARANTINE_MB "64"
#endif
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "quarantine_size_mb=" GS_FUZZ_QUARANTINE_MB; }

#endif
