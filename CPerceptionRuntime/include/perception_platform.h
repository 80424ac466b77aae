//===----------------------------------------------------------------------===//
//
// The one place where platforms differ. Every other file tests only the
// PERCEPTION_PLATFORM_* and PERCEPTION_THREAD_LOCAL_* macros defined here.
//
// Each platform, its lock (perception_lock.h), its per-thread slot
// (perception_thread_local.h), the .ci/c-tests.sh configuration that runs the
// C tests on it, and what could not be run here:
//
// | platform    | lock            | slot            | configuration   | not run here        |
// |-------------|-----------------|-----------------|-----------------|---------------------|
// | Linux       | pthread_mutex_t | _Thread_local;  | plain, asan-    | Musl, arm64         |
// |             |                 | pthread key (*) | ubsan, tsan;    |                     |
// |             |                 |                 | pthread-key     |                     |
// | other POSIX | pthread_mutex_t | _Thread_local   | posix (Linux,   | any BSD, Android    |
// |             |                 |                 | GENERIC_POSIX)  |                     |
// | Windows     | SRWLOCK         | _Thread_local,  | windows (mingw- | Windows itself;     |
// |             |                 | Windows TLS     | w64 gcc), and   | clang's MSVC target |
// |             |                 |                 | windows-clang,  | (no MSVC headers)   |
// |             |                 |                 | under wine      |                     |
// | WASI, no    | none            | a plain global  | wasi (wasmtime) | WASI with threads   |
// | threads     |                 |                 |                 |                     |
// | Darwin      | os_unfair_lock  | _Thread_local   | darwin: iOS 13, | any run (glibc and  |
// |             |                 |                 | macOS 10.15,    | Tests/AppleTargets/ |
// |             |                 |                 | compiled only   | Platform stand in)  |
//
// (*) with -DPERCEPTION_USE_PTHREAD_KEY. mingw-w64's gcc keeps a _Thread_local
// in TlsAlloc's slots (emulated TLS); clang, which Swift uses on Windows, in
// the image's .tls section.
//
// The wait lock beside the lock (perception_lock.h), on which a cancel sleeps
// until a callback returns: pthread_mutex_t with pthread_cond_t on Darwin and
// every POSIX system, SRWLOCK with CONDITION_VARIABLE on Windows, none without
// threads.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_PLATFORM_H
#define PERCEPTION_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Exactly one of these is 1:
//   PERCEPTION_PLATFORM_SINGLE_THREADED  no threads (WASI without threads, or
//                                        -DPERCEPTION_SINGLE_THREADED): locks
//                                        are no-ops.
//   PERCEPTION_PLATFORM_DARWIN           Apple platforms: os_unfair_lock.
//   PERCEPTION_PLATFORM_WINDOWS          Windows: SRWLOCK.
//   PERCEPTION_PLATFORM_POSIX            Glibc, Musl, Android, the BSDs:
//                                        pthread_mutex_t.
// PERCEPTION_PLATFORM_LINUX (below) is 1 as well on Linux.
#if defined(PERCEPTION_SINGLE_THREADED) || (defined(__wasi__) && !defined(_REENTRANT))
#define PERCEPTION_PLATFORM_SINGLE_THREADED 1
#elif defined(__APPLE__)
#define PERCEPTION_PLATFORM_DARWIN 1
#include <os/lock.h>
#include <pthread.h>
#elif defined(_WIN32)
#define PERCEPTION_PLATFORM_WINDOWS 1
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else  // Glibc, Musl and every other POSIX system.
#define PERCEPTION_PLATFORM_POSIX 1
#include <pthread.h>
#endif

// Linux (Glibc or Musl): a thread is named by its tid (platform.c). With
// -DPERCEPTION_GENERIC_POSIX, Linux takes only what every POSIX system has,
// so that the C tests run that branch.
#if defined(PERCEPTION_PLATFORM_POSIX) && defined(__linux__) && !defined(PERCEPTION_GENERIC_POSIX)
#define PERCEPTION_PLATFORM_LINUX 1
#endif

// How the per-thread slot is stored. Exactly one of these is 1:
//   PERCEPTION_THREAD_LOCAL_STATIC       single-threaded: a plain global.
//   PERCEPTION_THREAD_LOCAL_PTHREAD_KEY  pthread_getspecific, with
//                                        -DPERCEPTION_USE_PTHREAD_KEY on a
//                                        POSIX system (the C tests build both).
//   PERCEPTION_THREAD_LOCAL_KEYWORD      C11 _Thread_local, which every target
//                                        the package supports has (clang lacks
//                                        it for iOS 7 and macOS 10.6).
#if defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
#define PERCEPTION_THREAD_LOCAL_STATIC 1
#elif defined(PERCEPTION_USE_PTHREAD_KEY) && \
    (defined(PERCEPTION_PLATFORM_POSIX) || defined(PERCEPTION_PLATFORM_DARWIN))
#define PERCEPTION_THREAD_LOCAL_PTHREAD_KEY 1
#else
#define PERCEPTION_THREAD_LOCAL_KEYWORD 1
#endif

// Whether the calling thread's stack can be captured and its addresses named
// (perception_call_stack.h): backtrace() and dladdr(), on Darwin and glibc.
// Elsewhere (Musl, Windows, WASI) a capture finds no frames.
#if defined(PERCEPTION_PLATFORM_DARWIN) || \
    (defined(PERCEPTION_PLATFORM_POSIX) && defined(__GLIBC__))
#define PERCEPTION_PLATFORM_HAS_CALL_STACK 1
#endif

// Whether a symbol can be looked up by name at run time (perception_test_interop.h):
// dlsym(), on Darwin and every POSIX system but WASI. And whether an undefined weak
// reference is allowed and resolves to NULL when nothing defines the symbol (ELF): there,
// a symbol linked statically into an executable is found through the reference, since an
// executable exports no symbol to dlsym() unless it is linked with --export-dynamic.
#if defined(PERCEPTION_PLATFORM_DARWIN) || \
    (defined(PERCEPTION_PLATFORM_POSIX) && !defined(__wasi__))
#define PERCEPTION_PLATFORM_HAS_DLSYM 1
#endif
#if defined(PERCEPTION_PLATFORM_POSIX) && defined(__ELF__)
#define PERCEPTION_PLATFORM_HAS_WEAK_REFERENCES 1
#endif

// Marks a function that is rarely called, so the compiler keeps it out of the
// hot path's code layout.
#if defined(__GNUC__) || defined(__clang__)
#define PERCEPTION_COLD __attribute__((cold, noinline))
#define PERCEPTION_LIKELY(x) __builtin_expect(!!(x), 1)
#define PERCEPTION_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PERCEPTION_COLD
#define PERCEPTION_LIKELY(x) (x)
#define PERCEPTION_UNLIKELY(x) (x)
#endif

// Stops the process with a message that says what went wrong. Used for
// broken invariants and failed system calls, never for ordinary input.
PERCEPTION_COLD _Noreturn void perception_fatal(const char *message);

// Writes one line, "Perception: warning: MESSAGE", to the standard error
// stream: how a debug build reports misuse that it can survive.
PERCEPTION_COLD void perception_warn(const char *message);

// Writes `length` bytes of `text` to the standard error stream in one write, so
// that lines written by two threads at once do not interleave: how perception
// checking reports a read.
void perception_write_error(const char *text, size_t length);

// The calling thread, for the change trace: the system's identifier of the
// thread (Linux's tid, Darwin's pthread_threadid_np, Windows' thread id,
// pthread_self elsewhere), and whether it is the process's main thread.
uint64_t perception_thread_identifier(void);
bool perception_thread_is_main(void);

#endif  // PERCEPTION_PLATFORM_H
