#ifndef TERN_CNCURSESW_SHIM_H
#define TERN_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <wchar.h>
extern int wcwidth(wchar_t c);
#undef lines
#undef columns

// The attribute and mouse macros are computed bit fields that Swift cannot
// import; these functions give their values.
static inline attr_t tern_a_bold(void) { return A_BOLD; }
static inline attr_t tern_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tern_a_reverse(void) { return A_REVERSE; }
static inline attr_t tern_a_italic(void) { return A_ITALIC; }
static inline attr_t tern_a_dim(void) { return A_DIM; }
static inline attr_t tern_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
static inline mmask_t tern_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tern_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tern_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tern_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tern_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int tern_key_code_yes(void) { return KEY_CODE_YES; }
#endif
