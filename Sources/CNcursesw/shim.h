#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1          /* exposes addwstr / get_wch / cchar_t without _XOPEN_SOURCE */
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#if defined(__APPLE__)
/* macOS: the system's libncurses has the wide-character functions (there is no libncursesw; Package.swift
   links "ncurses" there), and its headers sit directly in the SDK's include folder. They declare the
   wide functions only under _XOPEN_SOURCE_EXTENDED, which the SDK's own module for curses may be built
   without, so the two used here are declared again (the parentheses keep a macro of the same name out). */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <curses.h>
#include <term.h>
extern int (get_wch)(wint_t *);
extern int (mvaddwstr)(int, int, const wchar_t *);
#else
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#endif

/* Function-like macros and casted constants do not import into Swift: wrap them. */
static inline int cnc_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int cnc_maxy(WINDOW *w) { return getmaxy(w); }
static inline int cnc_maxx(WINDOW *w) { return getmaxx(w); }
static const int cnc_A_NORMAL = (int)A_NORMAL;
static const int cnc_A_BOLD = (int)A_BOLD;
static const int cnc_A_REVERSE = (int)A_REVERSE;
static const int cnc_A_UNDERLINE = (int)A_UNDERLINE;
static const int cnc_A_DIM = (int)A_DIM;
static inline WINDOW *cnc_stdscr(void) { return stdscr; }

/* The mouse masks are function-like macros whose bits differ between mouse versions 1 (macOS's ncurses
   5.7: no fifth button, so the wheel down is 0 there) and 2 (ncurses 6). */
static const mmask_t cnc_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t cnc_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t cnc_BUTTON4_PRESSED = BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
static const mmask_t cnc_BUTTON5_PRESSED = BUTTON5_PRESSED;
#else
static const mmask_t cnc_BUTTON5_PRESSED = 0;
#endif

/* What terminfo says of the terminal type `name`, asked before curses starts (initscr exits the
   process, with status 1, on a type it does not know): 2 it can run a full-screen program (it
   addresses the cursor, and is neither hardcopy nor generic), 1 it is known but cannot (dumb), 0 it is
   not known, -1 there is no terminfo database. Frees what it loaded. */
static inline int cnc_terminal_type(const char *name) {
    int err = 0;
    if (setupterm(name, 1, &err) != OK) return err == -1 ? -1 : 0;
    const char *cup = tigetstr("cup");
    int usable = cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0 && tigetflag("gn") <= 0;
    del_curterm(cur_term);
    return usable ? 2 : 1;
}
#endif
