/* The Korean of the library's error formats (error_ko.c), found by the
 * English format as a gettext catalogue is.  A const table: no state. */
#ifndef GS_CORE_ERROR_KO_H
#define GS_CORE_ERROR_KO_H

#include <stddef.h>

typedef struct err_cat_entry {
    const char *en, *ko;   /* printf formats with the same conversions in the same order */
} err_cat_entry;

/* Sorted by en (strcmp order; tests/test_texts.c checks it). */
extern const err_cat_entry err_cat[];
extern const size_t err_ncat;

/* The Korean of en, or NULL when the catalogue does not list it. */
const char *err_cat_ko(const char *en);

#endif
