/* gridstone: generic SGF FF[4] trees - parse, build, compare, write.
 * This layer knows nothing about games; io.h maps trees onto states.
 *
 * A collection is a list of game trees; a tree is a root node whose
 * children are the variations, the first child being the main line.
 * Property values are stored unescaped (the text as the SGF means it:
 * "\]" becomes "]", soft line breaks are removed); the writer escapes them
 * again, so gs_sgf_parse(gs_sgf_write(c)) gives a collection equal to c. */
#ifndef GRIDSTONE_SGF_H
#define GRIDSTONE_SGF_H

#include "gridstone/export.h"
#include <stddef.h>
#include "gridstone/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits against hostile input (GS_ERR_LIMIT when exceeded). */
#define GS_SGF_MAX_INPUT   (64u << 20)   /* bytes of SGF text */
#define GS_SGF_MAX_DEPTH   100000        /* nested variations */
#define GS_SGF_MAX_IDENT   32            /* uppercase letters in an identifier */
#define GS_SGF_MAX_PROPS   1000          /* distinct properties in one node */

typedef struct gs_sgf_value {
    char *s;            /* NUL-terminated (may also contain NUL bytes) */
    size_t len;
} gs_sgf_value;

typedef struct gs_sgf_prop {
    char id[GS_SGF_MAX_IDENT + 1];   /* uppercase letters only ("AB") */
    int nvals, cap;
    gs_sgf_value *vals;
    size_t pos;                      /* byte offset in the parsed text (0 if built) */
} gs_sgf_prop;

typedef struct gs_sgf_node {
    int nprops, cap;
    gs_sgf_prop *props;              /* in file order; one entry per identifier */
    struct gs_sgf_node *parent, *child, *next;   /* child = first child = main line */
    size_t pos;                      /* byte offset of its ';' (0 if built) */
} gs_sgf_node;

typedef struct gs_sgf_collection {
    int ntrees, cap;
    gs_sgf_node **trees;             /* root nodes */
} gs_sgf_collection;

/* Parse a whole collection.  Identifiers keep their uppercase letters only
 * (FF[3] "AddBlack" -> "AB"); a repeated identifier in a node adds its
 * values to the first.  Errors are GS_ERR_PARSE (or GS_ERR_LIMIT) with the
 * 1-based line and column of the offending character; nothing is returned
 * then. */
GS_API gs_status gs_sgf_parse(const char *text, size_t len, gs_sgf_collection **out, gs_error *err);
/* Write with SGF escaping, lines wrapped near 76 columns.  Malloc-ed and
 * NUL-terminated; *len (if len is not NULL) gets its length, which differs
 * from strlen only when a value holds NUL bytes.  NULL when out of memory. */
GS_API char *gs_sgf_write(const gs_sgf_collection *c, size_t *len);
GS_API void gs_sgf_free(gs_sgf_collection *c);

/* Building.  New nodes are owned by their parent / collection.  Nodes,
 * properties and values come from large blocks shared by the nodes of a
 * parse or of a collection (a new tree shares its collection's, a child
 * its parent's); the blocks are freed with the last of those nodes, so a
 * node freed on its own, or a property array that grew, gives its memory
 * back only then (a freed node is reused by the next new one). */
GS_API gs_sgf_collection *gs_sgf_collection_new(void);
GS_API gs_sgf_node *gs_sgf_add_tree(gs_sgf_collection *c);            /* new root */
GS_API gs_sgf_node *gs_sgf_add_child(gs_sgf_node *parent);            /* appended last */
/* Append a value (len bytes) to property id of node n, creating it. */
GS_API gs_status gs_sgf_add_value(gs_sgf_node *n, const char *id, const char *val, size_t len);
/* Free a node and its subtree (detach it from its parent first, or pass a
 * root that no collection owns).  Iterative: any depth is fine. */
GS_API void gs_sgf_node_free(gs_sgf_node *n);

/* Lookup: the property or NULL; the first value or NULL. */
GS_API const gs_sgf_prop *gs_sgf_find(const gs_sgf_node *n, const char *id);
GS_API const char *gs_sgf_get(const gs_sgf_node *n, const char *id);
/* Deep equality of two trees (properties in order, values, variations). */
GS_API int gs_sgf_tree_equal(const gs_sgf_node *a, const gs_sgf_node *b);
GS_API int gs_sgf_equal(const gs_sgf_collection *a, const gs_sgf_collection *b);
GS_API int gs_sgf_count_nodes(const gs_sgf_node *root);

/* Point values: "ab" (column a, row b from the top-left; a..z then A..Z)
 * and compressed rectangles "aa:cc".  Fills cells[] (room for w * h) with
 * the distinct cell indices y * w + x of every value of p, in order, and
 * sets *count.  An empty value, a malformed point or a point off the
 * w x h board is GS_ERR_BAD_VALUE. */
GS_API gs_status gs_sgf_points(const gs_sgf_prop *p, int w, int h, int *cells, int *count, gs_error *err);
/* One point value "ab" -> x, y (0 on success, -1 if malformed). */
GS_API int gs_sgf_point(const char *s, size_t len, int *x, int *y);

/* 1-based line and column of byte offset pos in text (for pos fields). */
GS_API void gs_sgf_linecol(const char *text, size_t len, size_t pos, int *line, int *col);

#ifdef __cplusplus
}
#endif
#endif
