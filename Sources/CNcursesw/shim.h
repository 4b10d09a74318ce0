#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1          /* exposes addwstr / get_wch / cchar_t without _XOPEN_SOURCE */
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

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
#endif
