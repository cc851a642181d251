// A small C shim between Swift and the terminal: terminfo through Debian's ncursesw (tinfo), whose tiparm is
// variadic and so cannot be called from Swift, and the restoring of the terminal from signal handlers and atexit,
// which must be async-signal-safe and so cannot run Swift code.
#ifndef CTERMINAL_H
#define CTERMINAL_H

#include <stddef.h>

/// Loads the terminfo entry for `term` (without touching any terminal); 1 on success, 0 when there is none.
int qw_terminfo_load(const char *term);

/// A string capability of the loaded entry, or NULL when it is absent or cancelled.
const char *qw_terminfo_string(const char *name);

/// A numeric capability of the loaded entry, or -1 when it is absent.
int qw_terminfo_number(const char *name);

/// A parameterised capability with up to two integer parameters, expanded into `buffer` (NUL-terminated);
/// the number of bytes written, or -1 when it does not fit or cannot be expanded.
int qw_terminfo_expand(const char *capability, long first, long second, char *buffer, size_t size);

/// Puts the terminal on `fd` into raw mode, keeping its settings to restore; 0 on success.
int qw_terminal_enter_raw(int fd);

/// Keeps the bytes that put the screen back (leave the alternate screen, show the cursor, modes off), written
/// by `qw_terminal_restore` and by the crash handler. At most 255 bytes are kept.
void qw_terminal_set_restore_sequence(const char *bytes, size_t length);

/// Writes the restore sequence and puts the kept settings back, once; safe to call again and from a signal.
void qw_terminal_restore(void);

/// Restores the terminal on exit() and on crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP), then
/// lets the signal do what it would have done.
void qw_terminal_install_crash_restore(void);

/// The size of the terminal on `fd` in columns and rows; 0 on success.
int qw_terminal_size(int fd, int *width, int *height);

#endif
