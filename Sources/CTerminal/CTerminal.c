// Why C: tiparm takes variable arguments, which Swift cannot pass, and a crash signal handler may call only
// async-signal-safe functions (write, tcsetattr, signal, raise), which rules out anything that runs Swift code.
#include "CTerminal.h"

#include <curses.h>
#include <term.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <unistd.h>

static struct termios saved_settings;
static int saved_fd = -1;
static char restore_bytes[256];
static volatile size_t restore_length = 0;
static volatile sig_atomic_t restored = 1;

int qw_terminfo_load(const char *term) {
    int error = 0;
    // fd -1: read the entry only; ncurses neither queries nor changes a terminal.
    return setupterm(term, -1, &error) == OK ? 1 : 0;
}

const char *qw_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

int qw_terminfo_number(const char *name) {
    int value = tigetnum(name);
    return value < 0 ? -1 : value;
}

int qw_terminfo_expand(const char *capability, long first, long second, char *buffer, size_t size) {
    char *expanded = tiparm(capability, first, second);
    if (expanded == NULL) return -1;
    size_t length = strlen(expanded);
    if (length + 1 > size) return -1;
    memcpy(buffer, expanded, length + 1);
    return (int)length;
}

int qw_terminal_enter_raw(int fd) {
    struct termios raw;
    if (tcgetattr(fd, &saved_settings) != 0) return -1;
    raw = saved_settings;
    // As cfmakeraw, but output post-processing stays off too: every byte the renderer writes is what it means.
    raw.c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    raw.c_oflag &= ~OPOST;
    raw.c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    raw.c_cflag &= ~(CSIZE | PARENB);
    raw.c_cflag |= CS8;
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSAFLUSH, &raw) != 0) return -1;
    saved_fd = fd;
    restored = 0;
    return 0;
}

void qw_terminal_set_restore_sequence(const char *bytes, size_t length) {
    if (length >= sizeof restore_bytes) length = sizeof restore_bytes - 1;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
}

void qw_terminal_restore(void) {
    if (restored) return;
    restored = 1;
    size_t written = 0;
    while (written < restore_length) {
        ssize_t count = write(STDOUT_FILENO, restore_bytes + written, restore_length - written);
        if (count <= 0) break;
        written += (size_t)count;
    }
    tcsetattr(saved_fd, TCSAFLUSH, &saved_settings);
}

static void restore_and_reraise(int signal_number) {
    qw_terminal_restore();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void qw_terminal_install_crash_restore(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    atexit(qw_terminal_restore);
    int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = restore_and_reraise;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[index], &action, NULL);
    }
}

int qw_terminal_size(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *width = size.ws_col;
    *height = size.ws_row;
    return 0;
}
