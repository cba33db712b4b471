/* Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013).
 *
 * A rating is (rating, RD, volatility) on the Glicko scale (1500 / 350 /
 * 0.06 for a new player).  g2_update runs one rating period for one player
 * against any number of opponents (the paper's steps 2-8); the server uses a
 * rating period of one game: when a game ends, each player is updated with
 * that single result against the opponent's rating from before the game
 * (g2_game).  Pure functions: no state, no allocation. */
#ifndef GS_SERVER_GLICKO2_H
#define GS_SERVER_GLICKO2_H

typedef struct g2_rating {
    double rating; /* r, Glicko scale */
    double rd;     /* rating deviation */
    double vol;    /* volatility sigma */
} g2_rating;

typedef struct g2_result {
    g2_rating opp; /* the opponent's rating before the period */
    double score;  /* 1 win, 0.5 draw, 0 loss */
} g2_result;

#define G2_DEFAULT_RATING 1500.0
#define G2_DEFAULT_RD 350.0
#define G2_DEFAULT_VOL 0.06
#define G2_TAU 0.5          /* system constant (the paper's example uses 0.5) */
#define G2_SCALE 173.7178   /* Glicko-2 scale factor */

/* The rating of a player who has not played yet. */
g2_rating g2_default(void);

/* One rating period: `p` after the `n` results (n == 0: RD grows by the
 * volatility only).  tau <= 0 means G2_TAU.  Returns 0, or -1 when an input
 * is not finite or out of range (RD <= 0, vol <= 0, score outside [0,1]);
 * *out is then p unchanged. */
int g2_update(const g2_rating *p, const g2_result *res, int n, double tau, g2_rating *out);

/* A one-game rating period for both players: `score_a` is a's score
 * (1, 0.5, 0); both are updated from the ratings before the game. */
int g2_game(const g2_rating *a, const g2_rating *b, double score_a, double tau,
            g2_rating *a_out, g2_rating *b_out);

#endif
