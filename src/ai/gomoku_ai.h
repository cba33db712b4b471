/* The Gomoku player: search internals shared by src/ai/gomoku_*.c and the
 * Gomocup engine (src/proto/gomocup.c).  Prefix gmk_. */
#ifndef GS_GOMOKU_AI_H
#define GS_GOMOKU_AI_H

#include "gridstone/ai.h"
#include "games/gomoku/gomoku.h"

#define GMK_WIN 1000000
#define GMK_TT_BITS 18          /* default transposition table: 2^18 entries */
#define GMK_TT_BITS_MAX 24
#define GMK_MAXPLY 64
#define GMK_DIRTY_MAX 512       /* table stores logged for gmk_search_renew's clearing */
#define GMK_UNDO_FRAMES 256     /* gmk_splay frames whose changes are logged (deeper: recomputed) */
#define GMK_UNDO_CELLS 3072     /* their logged cells (a stone changes at most 32 besides its own) */

/* Threat class of an empty cell for one colour: what a stone there makes
 * (from the four directions' line patterns).  Ordered by strength. */
enum {
    GMK_C_NONE = 0,
    GMK_C_THREE,      /* one open three */
    GMK_C_FOUR,       /* one four (one five point) */
    GMK_C_33,         /* two open threes */
    GMK_C_43,         /* a four and an open three */
    GMK_C_FLEX4,      /* a straight four or two fours: two five points */
    GMK_C_FIVE,
    GMK_C_COUNT
};

typedef struct gmk_tt_entry {
    uint64_t key;
    int32_t value;
    int16_t move;        /* padded index, -1 none */
    int8_t depth;
    uint8_t flag;        /* 0 empty, 1 exact, 2 lower, 3 upper */
} gmk_tt_entry;

typedef struct gmk_vct_entry {
    uint64_t key;
    int16_t move;        /* first move of the win */
    int8_t depth;
    int8_t win;
} gmk_vct_entry;

/* What gmk_splay changed in the cell data, so that gmk_sunplay restores
 * it instead of recomputing it from the line codes (a move records
 * exactly what it changed: play and take-back are exact inverses).  A
 * frame per stone: the stone's own cell (its four pattern bytes and
 * direction sums) and the evaluation sums before it, then its cells
 * log[first ..) of the other cells whose pattern changed, each once (the
 * four lines through a cell meet only there). */
typedef struct gmk_undo_cell {
    int16_t q;           /* padded cell */
    uint8_t d, pat;      /* the direction that changed and its pattern byte before */
    int32_t acc[2];      /* the cell's direction sums before */
} gmk_undo_cell;

typedef struct gmk_undo_frame {
    int32_t ev[2][2];    /* S->ev before the stone */
    int32_t acc[2];      /* the stone's cell before (empty) */
    uint8_t pat[4];
    int16_t p;           /* the stone; -1: not logged (no room), recomputed */
    uint16_t first;      /* its cells in log[first .. next frame's first or nlog) */
} gmk_undo_frame;

typedef struct gmk_search {
    gmk_state st;                    /* private copy, changed by put/remove */
    const gmk_game *g;
    int me;                          /* side to move at the root */
    uint64_t hash;                   /* stones + side to move */
    /* The cell data, near .. ev in this order (gmk_search_renew keeps them
     * from one position to the next of the same rule and board): */
    uint8_t near[GMK_PADN];          /* stones within distance 2 */
    /* per empty cell and colour (index colour - 1), kept by gmk_splay /
     * gmk_sunplay for the cells whose line codes changed: */
    uint8_t pat[4][GMK_PADN];        /* GMK_P_* classes per direction, both colours packed as in
                                      * gmk_pat_table (empty cells; 0 occupied) */
    int32_t acc[2][GMK_PADN];        /* their p_enc words summed (gomoku_search.c) */
    uint8_t cls[2][GMK_PADN];        /* GMK_C_* */
    uint8_t four[2][GMK_PADN];       /* a direction makes a four or better */
    int16_t val[2][GMK_PADN];        /* pattern value (evaluation, ordering) */
    int cnt[2][GMK_C_COUNT];         /* empty cells per class */
    int nfour[2];                    /* empty cells making a four or better: */
    int16_t flist[2][GS_MAX_CELLS];  /* those cells (padded, in no order), nfour[c] of them, */
    int16_t fpos[2][GMK_PADN];       /* and each one's place in flist (the threat searches
                                      * walk the few fours, not the board) */
    int32_t evsum[2];                /* sum of val over the empty cells */
    int32_t ev[2][2];                /* [colour][0 to move, 1 not]: evaluation sums (gomoku_search.c) */
    const struct ev_weights *evw[2]; /* the evaluation's weights for the rule, by the colour to move */
    int rule, w, h;                  /* the game's (not g's, which may be gone by a renewal) */
    int tomove;
    int nstones;
    uint64_t nodes, node_limit;
    double t0, deadline;             /* gs_now() values; deadline 0 = none */
    int stop;
    gmk_tt_entry *tt;                /* tt_mask + 1 entries */
    uint64_t tt_mask;
    uint64_t *vcf_tt;                /* VCF table: positions (attacker in the key) without a VCF */
    uint64_t vcf_mask;               /* its entries - 1 (the VCT table's too) */
    gmk_vct_entry *vct_tt;           /* VCT results by depth (NULL until the first gmk_vct) */
    uint64_t tt_cap, vcf_cap;        /* entries allocated (a renewal for fewer nodes keeps
                                      * larger tables: only the masks' entries are used) */
    /* The table slots stored to since the tables were cleared (the table
     * in bits 28-29, the index below), so that gmk_search_renew clears
     * those instead of whole tables: a node-limited search of 24 nodes
     * stores a few dozen entries in tables of 96 KB.  ndirty counts past
     * GMK_DIRTY_MAX up to GMK_DIRTY_MAX + 1: too many, clear everything. */
    uint32_t dirty[GMK_DIRTY_MAX];
    int ndirty;
    /* The changes of the stones played since the set-up, for gmk_sunplay
     * (kept by gmk_search_renew: never read beyond the counts below, which
     * start at zero with every search) */
    gmk_undo_frame undo[GMK_UNDO_FRAMES];
    gmk_undo_cell log[GMK_UNDO_CELLS];
    int16_t path[128];               /* cells of the last VCF found (see vcf_rec) */
    int npath;
    int nundo;                       /* gmk_splay stones not taken back (frames past GMK_UNDO_FRAMES: none) */
    int nlog;                        /* log entries in use */
    int log_cap;                     /* log entries usable (GMK_UNDO_CELLS; tests lower it) */
    int cut;                         /* a threat search ran out of budget below */
    int vcf_budget;                  /* VCF nodes left in the current call */
    int qvcf;                        /* VCF budget at the leaves of the alpha-beta */
    int16_t killer[GMK_MAXPLY][2];
    int32_t hist[2][GMK_PADN];
    int16_t pv[GMK_MAXPLY][GMK_MAXPLY];
    int pvlen[GMK_MAXPLY];
    int depth_done, score;           /* last completed iteration */
    int score_prev;                  /* the one before it */
    int root_depth;                  /* the iteration under way */
    /* Counters for the benchmarks (bench_gomoku --depths): alpha-beta
     * nodes below the root (each probes the table), nodes that failed
     * high and those that did with their first move, table hits, nodes
     * spent in the leaves' VCF probes. */
    struct { uint64_t ab, cut, cut1, hit, leafvcf; } stat;
    /* Optional: one line of search information per iteration ("depth 5
     * ev 30 n 12345 n/s 100000 tm 120 pv 7,7 8,8"), coordinates x,y. */
    void (*info)(void *ud, const char *line);
    void *info_ud;
} gmk_search;

/* Set up a search over s (allocates the tables); free with gmk_search_free.
 * tt_bits: log2 of the table entries (0 = GMK_TT_BITS). */
gmk_search *gmk_search_new(const gs_state *s, const gs_ai_opts *o, double default_time);
gmk_search *gmk_search_new_tt(const gs_state *s, const gs_ai_opts *o, double default_time, int tt_bits);
/* The search S (or a new one when S is NULL or its tables are of another
 * size; S is then freed) set up over s exactly as gmk_search_new_tt would
 * make it, reusing S's memory: its tables are cleared (only the slots the
 * last search stored to, when it stored few), nothing of its last search
 * is kept.  NULL when out of memory (S freed). */
gmk_search *gmk_search_renew(gmk_search *S, const gs_state *s, const gs_ai_opts *o, double default_time, int tt_bits);
void gmk_search_free(gmk_search *S);
/* GMK_P_* class of direction d at empty padded q for colour index c (0
 * black, 1 white), as the search keeps it. */
static inline int gmk_spat(const gmk_search *S, int c, int d, int q) { return S->pat[d][q] >> (4 * c) & 15; }
/* Bytes of the tables of a search whose main table has 2^tt_bits entries
 * (the threat searches' tables grow with it). */
size_t gmk_search_table_bytes(int tt_bits);
void gmk_splay(gmk_search *S, int p);       /* play for the side to move */
void gmk_sunplay(gmk_search *S, int p);
/* Pattern score of padded p for colour c (priority ranking). */
int gmk_point_score(const gmk_search *S, int p, int c);
/* Static evaluation for the side to move. */
int gmk_eval(const gmk_search *S);
/* The search's static value of a leaf for the side to move: the
 * evaluation with the threats on the board (an open four to make, a
 * four-three, a double three; the opponent's open-four threat). */
int gmk_static_value(const gmk_search *S);
/* Is p legal for the side to move in the search position? */
int gmk_slegal(const gmk_search *S, int p);
/* Winning cells (padded) of colour c in the search position; returns count. */
int gmk_win_points(const gmk_search *S, int c, int *out, int max);
/* VCF / VCT for the side to move (attacker); returns 1 and the first move
 * in *move (padded) when a win is found within the budget.  The first
 * gmk_vct of a search allocates its VCT table (none found, S->cut set,
 * when out of memory). */
int gmk_vcf(gmk_search *S, int budget, int *move);
int gmk_vct(gmk_search *S, int depth, int budget, int *move);
/* Does the opponent of the side to move have a VCF if we passed? */
int gmk_opp_vcf(gmk_search *S, int budget);
/* Full move choice for the "medium"/"strong" levels (padded index); also
 * leaves in S->score the value for the side to move (the last completed
 * iteration's, a mate score for a found threat win, else the static
 * evaluation). */
int gmk_best_move(gmk_search *S, int strong);
/* Ready S for a new search of its current position (after gmk_splay
 * moves): the side to move becomes the root side, the clock and the node
 * count start again (seconds / nodes 0 = no limit). */
void gmk_search_restart(gmk_search *S, double seconds, uint64_t nodes);
/* The value of the last gmk_best_move for judging a position rather than
 * choosing a move: the mean of the last two completed iterations (an odd
 * and an even depth, so that neither side's extra tempo at the leaves
 * counts), or S->score for a threat win / too shallow a search. */
int gmk_value(const gmk_search *S);

/* ---- opening rules with a choice of colour (gomoku_swap.c) ---- */

/* n stones (1-3) to add to the position of S, colours alternating from the
 * side to move, that leave the side to move after them as close to even as
 * the search judges: every placement near the stones (anywhere on an empty
 * board for n = 1, the centre first for n = 3) is ranked by the static
 * evaluation, then the few most even ones are searched, each within
 * seconds / GMK_SWAP_FINALISTS (or nodes / GMK_SWAP_FINALISTS; a node
 * limit also caps the ranking at 16 placings a node).  Writes the
 * padded points to out and the searched value of the chosen placing (side
 * to move after it) to *value; returns 0 when no placing exists.  S's
 * position is unchanged; its clock must be restarted before another search. */
#define GMK_SWAP_FINALISTS 6
int gmk_balanced_stones(gmk_search *S, int n, double seconds, uint64_t nodes, int *out, int *value);

#endif
