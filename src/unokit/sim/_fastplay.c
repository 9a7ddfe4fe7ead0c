/* unokit.sim._fastplay: whole rounds with uniformly random legal moves, in C.
 *
 * A second implementation of the rules for one job: random playouts (simulation,
 * benchmarks, search rollouts), for the option subset `unokit.sim.fastplay.supports` accepts
 * (the official game and the usual simplifications: no stacking, jump-ins, 7-0, several
 * cards, special wilds, house penalties). It reproduces the Python engine move for move:
 * the same SplitMix64 generators (the game's for shuffles, the caller's for choices), the
 * same deck order, dealer draw, deal and start card, and the same legal-move lists in the
 * same order as `Game.legal_moves(game.current)` (the contract is written in the docstring of
 * unokit.sim.fastplay). tests/test_fastplay.py checks that every hand, the winner and the move
 * count agree with `simulate.play_random_round`. The expert's search (`rollouts`) repeats
 * unokit.sim.rollout, its reference, draw for draw; tests/test_rollout.py compares the values.
 *
 * Card ids are the ints of `unokit.cards.Card`; their rank and colour tables come from
 * Python at each call, so the encoding lives in one place.
 *
 * The boundary: every argument is checked before any work (types: TypeError, never
 * SystemError; counts, sizes, ids, seats, flags and budgets in range: ValueError, never
 * truncated), candidates of a search must be legal moves, and every loop is bounded (a dealer
 * draw or start card that cannot be found is a ValueError). Long runs go in chunks of about a
 * million moves with the GIL released, and look for signals (Ctrl-C) between chunks.
 * `make sanitize` runs the tests against a build with AddressSanitizer and UBSan.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAXP 10
#define MAXC 256 /* cards in one pile or hand (decks have at most 112) */
#define MAXK 128 /* card ids */
/* Legal moves of one seat, at most: each card kind held gives at most MAXP - 1 variants (a
 * seven swapping with each other seat; a wild: 4 colours x UNO or not = 8), then draw or pass,
 * challenge, the UNO call and a catch of each other seat, and 2 spare slots for the
 * branch-free writes of legal_moves. `add` asserts it (the sanitizer build keeps asserts). */
#define MAXM (MAXK * (MAXP - 1) + 16)
#define MAXMOVES 1000000000LL /* max_moves of one round, at most */
#define MAXGAMES 1000000000000LL /* rounds of one call, at most */
#define MAXSAMPLES 1000000000LL /* rollout samples of one call, at most */
#define MAXROLLOUT 100000 /* moves of one rollout, at most */
#define MAXSECONDS 3600.0 /* a rollout time budget, at most */
#define CHUNK 1000000L /* moves played between two looks for signals (Ctrl-C): ~50 ms */
#define DEAL_COST 200 /* what a deal counts for in a chunk (its shuffles), in moves */

/* What stops a round that cannot go on (an error of the caller's state or tables, never of a
 * game the rules allow): the message is raised as ValueError once the GIL is held again. */
enum { E_OK = 0, E_DEALER, E_NO_START, E_STUCK };

enum { PLAY = 0, AFTER_DRAW = 1, CHOOSE_COLOR = 2, PENALTY = 3, ROUND_OVER = 4 };
enum { R_SKIP = 10, R_REVERSE = 11, R_DRAW_TWO = 12, R_WILD = 13, R_WD4 = 14 };
enum { M_PLAY, M_DRAW, M_PASS, M_CHALLENGE, M_CALL, M_CATCH, M_CHOOSE };
enum { WD4_ANYTIME = 0, WD4_NO_MATCHING_COLOR = 1, WD4_NO_PLAYABLE_CARD = 2 };

typedef struct {
    int players, hand_size, dealer_random, dealer_redraw, start_reverse_right;
    int draw_with_playable, must_play, draw_until, wd4_rule, challenge, challenge_fail_extra;
    int uno_penalty, catch_until_play;
    int stacking, deflect, jump_in, stack_all, seven_zero; /* 0 = off; see _CONFIG in fastplay.py */
    int deck_len, kinds;
    uint8_t deck[MAXC];
    int8_t rank_of[MAXK], color_of[MAXK];
} Cfg;

typedef struct {
    uint8_t type, card, uno;
    int8_t color;  /* named colour of a wild, or the catch target */
    int8_t target; /* seven-zero: whom a 7 swaps hands with (-1: none) */
} Move;

#define MAX_MISDEALS 1000 /* rounds.MAX_MISDEALS */
#define MAXST 32 /* draw cards in one pending penalty (a deck has 12) */
enum { ST_OFF = 0, ST_SAME_KIND = 1, ST_TWO_UNDER_FOUR = 2, ST_ANY = 3 };
enum { DF_OFF = 0, DF_NAMED_COLOR = 1, DF_ANY_COLOR = 2 };

typedef struct {
    const Cfg *cfg;
    uint64_t rng; /* the game's generator: shuffles */
    int n;
    uint8_t hand[MAXP][MAXC];
    int hs[MAXP];
    uint8_t pile[MAXC];
    int np;
    uint8_t disc[MAXC];
    int nd;
    int color, direction, current, dealer, phase, pending, drawn, winner;
    int st_n; /* the pending penalty's draw cards, oldest first (play.StackEntry) */
    int8_t st_seat[MAXST], st_color[MAXST];
    uint8_t st_card[MAXST], st_honest[MAXST];
    uint8_t called[MAXP], window[MAXP], in_round[MAXP];
    int precall; /* 1 + the seat whose call before its second-to-last card is open, or 0 */
    /* counted for the lab (play_measured): cards drawn into hands (the start +2 included),
     * reshuffles of the discard pile, hands exchanged by a 7 or passed on by a 0 */
    long long drawn_total;
    int refills, exchanges;
} Game;

static inline uint64_t next64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int below(uint64_t *s, int n) {
    return (int)(((unsigned __int128)next64(s) * (uint64_t)n) >> 64);
}

static void shuffle(uint64_t *s, uint8_t *a, int len) {
    for (int i = len - 1; i > 0; i--) {
        int j = below(s, i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static inline int next_seat(const Game *g, int seat, int dir) {
    int n = g->n, step = dir ? dir : g->direction, s = seat;
    for (int k = 0; k < n; k++) {
        s += step;
        if (s >= n)
            s -= n;
        else if (s < 0)
            s += n;
        if (g->in_round[s]) return s;
    }
    return seat;
}

static inline int active_count(const Game *g) {
    int c = 0;
    for (int s = 0; s < g->n; s++) c += g->in_round[s];
    return c;
}

static int refill(Game *g) {
    if (g->nd <= 1) return 0;
    uint8_t top = g->disc[g->nd - 1];
    int len = g->nd - 1;
    memcpy(g->pile, g->disc, (size_t)len);
    shuffle(&g->rng, g->pile, len);
    g->np = len;
    g->disc[0] = top;
    g->nd = 1;
    g->refills++;
    return 1;
}

static int draw_cards(Game *g, int seat, int count) {
    int got = 0;
    for (int k = 0; k < count; k++) {
        if (g->np == 0 && !refill(g)) break;
        g->hand[seat][g->hs[seat]++] = g->pile[--g->np];
        got++;
    }
    if (got) {
        g->called[seat] = 0;
        g->window[seat] = 0;
    }
    g->drawn_total += got;
    return got;
}

static int matches_plain(const Game *g, int c) {
    const Cfg *f = g->cfg;
    int color = f->color_of[c];
    if (color < 0 || color == g->color) return 1;
    if (!g->nd) return 0;
    int top = g->disc[g->nd - 1];
    return f->color_of[top] >= 0 && f->rank_of[top] == f->rank_of[c];
}

/* +4 honesty of the seat's hand now, less one +4 (RULES.md §5). */
static int is_honest(const Game *g, int seat) {
    const Cfg *f = g->cfg;
    if (f->wd4_rule == WD4_ANYTIME) return 1;
    int skipped = 0;
    for (int i = 0; i < g->hs[seat]; i++) {
        int c = g->hand[seat][i];
        if (!skipped && f->rank_of[c] == R_WD4) {
            skipped = 1;
            continue;
        }
        if (f->wd4_rule == WD4_NO_MATCHING_COLOR) {
            if (f->color_of[c] == g->color) return 0;
        } else if (f->rank_of[c] != R_WD4 && matches_plain(g, c)) {
            return 0;
        }
    }
    return 1;
}

static int playable(const Game *g, int c, int seat) {
    const Cfg *f = g->cfg;
    int color = f->color_of[c];
    if (color < 0) {
        if (f->rank_of[c] == R_WD4 && !f->challenge) return is_honest(g, seat);
        return 1;
    }
    if (color == g->color) return 1;
    if (!g->nd) return 0;
    int top = g->disc[g->nd - 1];
    return f->color_of[top] >= 0 && f->rank_of[top] == f->rank_of[c];
}

static inline int add(Move *m, int k, int type, int card, int color, int uno) {
    assert(k >= 0 && k < MAXM);
    m[k].type = (uint8_t)type;
    m[k].card = (uint8_t)card;
    m[k].color = (int8_t)color;
    m[k].uno = (uint8_t)uno;
    m[k].target = -1;
    return k + 1;
}

/* legality._variants for one card; `uno`: the seat may call with it (two cards held). */
static int variants(const Game *g, int card, int uno, Move *m, int k) {
    const Cfg *f = g->cfg;
    int seat = g->current, rank = f->rank_of[card];
    if (f->seven_zero && (rank == 7 || rank == 0) && g->hs[seat] > 1) {
        if (rank == 0) return add(m, k, M_PLAY, card, -1, 0); /* no UNO flag with a swap */
        for (int t = 0; t < g->n; t++) {
            if (t == seat || !g->in_round[t]) continue;
            k = add(m, k, M_PLAY, card, -1, 0);
            m[k - 1].target = (int8_t)t;
        }
        return k;
    }
    if (g->cfg->color_of[card] >= 0) {
        k = add(m, k, M_PLAY, card, -1, 0);
        if (uno) k = add(m, k, M_PLAY, card, -1, 1);
    } else {
        for (int c = 0; c < 4; c++) {
            k = add(m, k, M_PLAY, card, c, 0);
            if (uno) k = add(m, k, M_PLAY, card, c, 1);
        }
    }
    return k;
}

/* legality._stacks_on */
static int stacks_on(const Game *g, int card, int prank) {
    const Cfg *f = g->cfg;
    int rank = f->rank_of[card];
    if (f->stacking == ST_SAME_KIND) return rank == prank;
    if (f->stacking == ST_TWO_UNDER_FOUR) return rank == R_WD4 || prank == R_DRAW_TWO;
    return rank == R_WD4 || prank == R_DRAW_TWO || f->color_of[card] == g->color;
}

/* legality._penalty_plays: stacking and deflecting plays against the pending penalty. */
static int penalty_plays(const Game *g, int seat, int pcard, int prank, int uno, Move *m,
                         int k) {
    const Cfg *f = g->cfg;
    uint64_t seen[MAXK / 64] = {0};
    for (int i = 0; i < g->hs[seat]; i++) {
        int c = g->hand[seat][i], rank = f->rank_of[c];
        uint64_t bit = 1ULL << (c & 63);
        if (seen[c >> 6] & bit) continue;
        seen[c >> 6] |= bit;
        if (rank == R_DRAW_TWO || rank == R_WD4) {
            if (!f->stacking || !stacks_on(g, c, prank)) continue;
            if (rank == R_WD4 && !f->challenge && !is_honest(g, seat)) continue;
        } else if (rank == R_SKIP || rank == R_REVERSE) {
            if (!f->deflect) continue;
            if (prank == R_DRAW_TWO) {
                if (f->color_of[c] != f->color_of[pcard]) continue;
            } else if (f->deflect == DF_NAMED_COLOR && f->color_of[c] != g->color) {
                continue;
            }
        } else {
            continue;
        }
        k = variants(g, c, uno, m, k);
    }
    return k;
}

/* legality.legal_moves(game, game.current), in the same order. */
static int legal_moves(const Game *g, Move *m) {
    const Cfg *f = g->cfg;
    int seat = g->current, size = g->hs[seat], k = 0, can_play = 0;
    int uno = !g->called[seat] && size == 2;
    switch (g->phase) {
    case PLAY: {
        uint64_t seen[MAXK / 64] = {0};
        const uint8_t *hand = g->hand[seat];
        int top = g->disc[g->nd - 1];
        int top_rank = f->color_of[top] >= 0 ? f->rank_of[top] : -1, color = g->color;
        for (int i = 0; i < size; i++) {
            /* branch-free on the common path: random hands defeat the branch predictor */
            int c = hand[i];
            uint64_t bit = 1ULL << (c & 63), *word = &seen[c >> 6];
            int fresh = !(*word & bit);
            *word |= bit;
            int cc = f->color_of[c];
            if (cc < 0 || (f->seven_zero && (f->rank_of[c] == 7 || f->rank_of[c] == 0))) {
                if (fresh && playable(g, c, seat)) k = variants(g, c, uno, m, k);
                continue;
            }
            int take = fresh & ((cc == color) | (f->rank_of[c] == top_rank));
            add(m, k, M_PLAY, c, -1, 0);
            k += take;
            if (uno) {
                add(m, k, M_PLAY, c, -1, 1);
                k += take;
            }
        }
        can_play = k > 0;
        if (!can_play || f->draw_with_playable) k = add(m, k, M_DRAW, 0, -1, 0);
        break;
    }
    case AFTER_DRAW:
        k = variants(g, g->drawn, uno, m, k);
        can_play = 1;
        if (!f->must_play) k = add(m, k, M_PASS, 0, -1, 0);
        break;
    case PENALTY: {
        k = add(m, k, M_DRAW, 0, -1, 0);
        int last = g->st_n - 1, pcard = g->st_card[last], prank = f->rank_of[pcard];
        if (f->challenge && prank == R_WD4 && f->rank_of[g->disc[g->nd - 1]] == R_WD4)
            k = add(m, k, M_CHALLENGE, 0, -1, 0);
        if (f->stacking || f->deflect) {
            int before = k;
            k = penalty_plays(g, seat, pcard, prank, uno, m, k);
            can_play = k > before; /* a call before stacking the second-to-last card */
        }
        break;
    }
    default: /* CHOOSE_COLOR */
        for (int c = 0; c < 4; c++) k = add(m, k, M_CHOOSE, 0, c, 0);
    }
    if (!g->called[seat] &&
        (size == 1 || (size == 2 && can_play)))
        k = add(m, k, M_CALL, 0, -1, 0);
    int open = 0;
    for (int t = 0; t < g->n; t++) open |= g->window[t];
    if (open) {
        for (int t = 0; t < g->n; t++) {
            if (t != seat && g->in_round[t] && g->window[t] && !g->called[t] &&
                g->hs[t] == 1 && g->phase < ROUND_OVER)
                k = add(m, k, M_CATCH, 0, t, 0);
        }
    }
    return k;
}

static void remove_card(Game *g, int seat, int card) {
    uint8_t *h = g->hand[seat];
    int n = g->hs[seat];
    for (int i = 0; i < n; i++) {
        if (h[i] == card) {
            memmove(h + i, h + i + 1, (size_t)(n - i - 1));
            g->hs[seat] = n - 1;
            return;
        }
    }
}

static void go_out(Game *g, int seat, int rank, int answering) {
    g->in_round[seat] = 0;
    g->winner = seat;
    int amount = rank == R_DRAW_TWO ? 2 : rank == R_WD4 ? 4 : 0;
    if (answering && (rank == R_SKIP || rank == R_REVERSE)) {
        if (rank == R_REVERSE) g->direction = -g->direction;
        amount = g->pending;
    } else if (answering) {
        amount += g->pending;
    }
    g->pending = 0;
    g->st_n = 0;
    int victim = next_seat(g, seat, 0);
    if (active_count(g) >= 1 && amount) {
        draw_cards(g, victim, amount);
        g->current = next_seat(g, victim, 0);
    }
    g->phase = ROUND_OVER;
}

/* play._hands_changed: whoever comes to hold one card by a swap must call UNO. */
static void hands_changed(Game *g, int seat) {
    g->called[seat] = 0;
    g->window[seat] = g->hs[seat] == 1;
}

/* play._swap and play._rotate (seven-zero). */
static void swap_hands(Game *g, int a, int b) {
    uint8_t tmp[MAXC];
    int na = g->hs[a];
    memcpy(tmp, g->hand[a], (size_t)na);
    memcpy(g->hand[a], g->hand[b], (size_t)g->hs[b]);
    g->hs[a] = g->hs[b];
    memcpy(g->hand[b], tmp, (size_t)na);
    g->hs[b] = na;
    hands_changed(g, a);
    hands_changed(g, b);
}

static void rotate_hands(Game *g) {
    uint8_t old[MAXP][MAXC];
    int sizes[MAXP], to[MAXP];
    for (int s = 0; s < g->n; s++) {
        if (!g->in_round[s]) continue;
        memcpy(old[s], g->hand[s], (size_t)g->hs[s]);
        sizes[s] = g->hs[s];
        to[s] = next_seat(g, s, 0);
    }
    for (int s = 0; s < g->n; s++) {
        if (!g->in_round[s]) continue;
        memcpy(g->hand[to[s]], old[s], (size_t)sizes[s]);
        g->hs[to[s]] = sizes[s];
    }
    for (int s = 0; s < g->n; s++)
        if (g->in_round[s]) hands_changed(g, s);
}

/* play._pending_mode: whether a draw card's penalty waits for an answer. */
static inline int pending_mode(const Cfg *f, int rank) {
    if (f->stacking || f->deflect || f->jump_in) return 1;
    return rank == R_WD4 && f->challenge;
}

/* play.resolve_play for a play on the seat's own turn (nobody jumps in during playouts). */
static void resolve_play(Game *g, int seat, const Move *mv) {
    const Cfg *f = g->cfg;
    int card = mv->card, rank = f->rank_of[card], honest = 1, before = g->color;
    int answering = g->phase == PENALTY;
    if (rank == R_WD4) honest = is_honest(g, seat);
    remove_card(g, seat, card);
    g->disc[g->nd++] = (uint8_t)card;
    g->color = f->color_of[card] >= 0 ? f->color_of[card] : mv->color;
    g->phase = PLAY;
    g->drawn = -1;
    int left = g->hs[seat];
    if (mv->uno)
        g->called[seat] = 1; /* offered only when one card is left */
    else if (left == 1 && !g->called[seat])
        g->window[seat] = 1;
    if (left == 0) {
        go_out(g, seat, rank, answering);
        return;
    }
    if (answering && (rank == R_SKIP || rank == R_REVERSE)) { /* deflect */
        if (rank == R_REVERSE) g->direction = -g->direction;
        g->current = next_seat(g, seat, 0);
        g->phase = PENALTY;
    } else if (rank == R_DRAW_TWO || rank == R_WD4) {
        int victim = next_seat(g, seat, 0), amount = rank == R_DRAW_TWO ? 2 : 4;
        if (pending_mode(f, rank) && g->st_n < MAXST) {
            int i = g->st_n++;
            g->st_seat[i] = (int8_t)seat;
            g->st_card[i] = (uint8_t)card;
            g->st_honest[i] = (uint8_t)honest;
            g->st_color[i] = (int8_t)before;
            g->pending += amount;
            g->phase = PENALTY;
            g->current = victim;
        } else {
            draw_cards(g, victim, amount);
            g->current = next_seat(g, victim, 0);
        }
    } else if (rank <= 9) {
        if (f->seven_zero && rank == 7 && mv->target >= 0) {
            swap_hands(g, seat, mv->target);
            g->exchanges++;
        } else if (f->seven_zero && rank == 0) {
            rotate_hands(g);
            g->exchanges++;
        }
        g->current = next_seat(g, seat, 0);
    } else if (rank == R_SKIP) {
        g->current = next_seat(g, next_seat(g, seat, 0), 0);
    } else if (rank == R_REVERSE) {
        g->direction = -g->direction;
        g->current = active_count(g) == 2 ? seat : next_seat(g, seat, 0);
    } else { /* wild */
        g->current = next_seat(g, seat, 0);
    }
}

/* play.challenge, for the last +4 or (stack_challenge = all) the run of +4s on top. */
static void challenge(Game *g, int seat) {
    const Cfg *f = g->cfg;
    int pending = g->pending, run[MAXST], nr = 0;
    g->pending = 0;
    g->phase = PLAY;
    if (f->stack_all) {
        for (int i = g->st_n - 1; i >= 0 && f->rank_of[g->st_card[i]] == R_WD4; i--)
            if (g->st_seat[i] != seat) run[nr++] = i; /* newest first; order fixed below */
        for (int a = 0, b = nr - 1; a < b; a++, b--) {
            int t = run[a];
            run[a] = run[b];
            run[b] = t;
        }
    } else {
        run[nr++] = g->st_n - 1;
    }
    /* counted per player challenged, not per +4 card (001): distinct seats, oldest first */
    int liars[MAXST], nl = 0, players = 0;
    uint32_t seen = 0, lied = 0;
    for (int i = 0; i < nr; i++) {
        uint32_t bit = 1u << g->st_seat[run[i]];
        if (!(seen & bit)) players++;
        seen |= bit;
        if (!g->st_honest[run[i]] && !(lied & bit)) {
            lied |= bit;
            liars[nl++] = g->st_seat[run[i]];
        }
    }
    g->st_n = 0;
    if (!nl) {
        draw_cards(g, seat, pending + f->challenge_fail_extra * players);
        g->current = next_seat(g, seat, 0);
        return;
    }
    int rest = 0;
    if (!f->stack_all) { /* 003 Q6: the liar takes 4, the challenger the rest */
        int share = pending < 4 ? pending : 4;
        draw_cards(g, liars[0], share);
        rest = pending - share;
    } else { /* 001: the liars share the whole penalty, earlier ones the odd cards */
        int base = pending / nl, odd = pending % nl;
        for (int i = 0; i < nl; i++) draw_cards(g, liars[i], base + (i < odd));
    }
    if (rest) draw_cards(g, seat, rest);
    g->current = seat;
}

static void voluntary_draw(Game *g, int seat) {
    int ok = 0, card = -1;
    for (;;) {
        if (!draw_cards(g, seat, 1)) break;
        card = g->hand[seat][g->hs[seat] - 1];
        /* legality.playable_drawn: Force Play does not force a +4 that would be a bluff */
        ok = playable(g, card, seat) &&
             !(g->cfg->must_play && g->cfg->rank_of[card] == R_WD4 && !is_honest(g, seat));
        if (ok || !g->cfg->draw_until) break;
    }
    if (ok) {
        g->drawn = card;
        g->phase = AFTER_DRAW;
    } else {
        g->current = next_seat(g, seat, 0);
    }
}

static void apply(Game *g, const Move *mv) {
    const Cfg *f = g->cfg;
    int seat = g->current, t = mv->type;
    if (g->precall && g->precall != seat + 1) { /* Game.apply: the call lapses (RULES.md 6) */
        int p = g->precall - 1;
        if (g->hs[p] > 1) g->called[p] = 0;
        g->precall = 0;
    }
    if (t == M_PLAY || (!f->catch_until_play && (t == M_DRAW || t == M_PASS || t == M_CHALLENGE)))
        memset(g->window, 0, sizeof g->window);
    switch (t) {
    case M_PLAY:
        resolve_play(g, seat, mv);
        break;
    case M_DRAW:
        if (g->phase == PENALTY) {
            int count = g->pending;
            g->pending = 0;
            g->st_n = 0;
            g->phase = PLAY;
            draw_cards(g, seat, count);
            g->current = next_seat(g, seat, 0);
        } else {
            voluntary_draw(g, seat);
        }
        break;
    case M_PASS:
        g->drawn = -1;
        g->phase = PLAY;
        g->current = next_seat(g, seat, 0);
        break;
    case M_CHALLENGE:
        challenge(g, seat);
        break;
    case M_CALL:
        g->called[seat] = 1;
        if (g->hs[seat] > 1) g->precall = 1 + seat;
        g->window[seat] = 0;
        break;
    case M_CATCH:
        g->window[mv->color] = 0;
        draw_cards(g, mv->color, f->uno_penalty);
        break;
    default: /* M_CHOOSE */
        g->color = mv->color;
        g->phase = PLAY;
    }
}

/* rounds.select_first_dealer, rounds.deal and rounds.turn_start_card. Every loop is bounded:
 * E_DEALER when the dealer draw cannot settle (no number card, or ties that never end: only
 * possible with tables no real deck has), E_NO_START when MAX_MISDEALS deals in a row leave
 * only +4s in the draw pile (where the Python engine raises RulesError). */
static int setup(Game *g, const Cfg *f, uint64_t seed) {
    int n = f->players;
    memset(g, 0, sizeof *g);
    g->cfg = f;
    g->rng = seed;
    g->n = n;
    g->direction = 1;
    g->drawn = -1;
    g->winner = -1;
    for (int s = 0; s < n; s++) g->in_round[s] = 1;
    if (f->dealer_random) {
        g->dealer = below(&g->rng, n);
    } else {
        uint8_t pile[MAXC];
        int np = f->deck_len, contenders[MAXP], nc = n, values[MAXP];
        memcpy(pile, f->deck, (size_t)np);
        shuffle(&g->rng, pile, np);
        for (int s = 0; s < n; s++) contenders[s] = s;
        for (int ties = 0;; ties++) {
            if (ties >= 10000) return E_DEALER; /* a real deck ties 10,000 times in a row: never */
            int best = -1;
            for (int i = 0; i < nc; i++) {
                for (int tries = 0;; tries++) {
                    if (tries >= 2 * f->deck_len) return E_DEALER; /* no number card at all */
                    if (!np) {
                        np = f->deck_len;
                        memcpy(pile, f->deck, (size_t)np);
                        shuffle(&g->rng, pile, np);
                    }
                    int rank = f->rank_of[pile[--np]];
                    if (rank <= 9) {
                        values[i] = rank;
                        break;
                    }
                    if (!f->dealer_redraw) {
                        values[i] = 0;
                        break;
                    }
                }
                if (values[i] > best) best = values[i];
            }
            int kept = 0;
            for (int i = 0; i < nc; i++)
                if (values[i] == best) contenders[kept++] = contenders[i];
            nc = kept;
            if (nc == 1) break;
        }
        g->dealer = contenders[0];
    }
    int order[MAXP], seat = g->dealer;
    for (int i = 0; i < n; i++) {
        seat = next_seat(g, seat, 1);
        order[i] = seat;
    }
    /* rounds.deal: deal again while every card left is a +4 (no possible start card) */
    for (int tries = 0;; tries++) {
        g->np = f->deck_len;
        memcpy(g->pile, f->deck, (size_t)g->np);
        shuffle(&g->rng, g->pile, g->np);
        for (int s = 0; s < n; s++) g->hs[s] = 0;
        for (int r = 0; r < f->hand_size; r++)
            for (int i = 0; i < n; i++) g->hand[order[i]][g->hs[order[i]]++] = g->pile[--g->np];
        int startable = 0;
        for (int i = 0; i < g->np && !startable; i++) startable = f->rank_of[g->pile[i]] != R_WD4;
        if (startable) break;
        if (tries + 1 >= MAX_MISDEALS || g->np < 1) return E_NO_START; /* Python: RulesError */
    }
    /* the start card: a +4 goes back and the pile is shuffled again (a card that is no +4 is
     * in the pile: this ends, with a bound all the same) */
    int card = -1;
    for (int tries = 0; tries < 1000000 && g->np > 0; tries++) {
        int c = g->pile[--g->np];
        if (f->rank_of[c] == R_WD4) {
            g->pile[g->np++] = (uint8_t)c;
            shuffle(&g->rng, g->pile, g->np);
            continue;
        }
        card = c;
        g->disc[g->nd++] = (uint8_t)card;
        break;
    }
    if (card < 0) return E_NO_START;
    int rank = f->rank_of[card], first = next_seat(g, g->dealer, 1);
    g->color = f->color_of[card];
    g->current = first;
    if (rank == R_SKIP) {
        g->current = next_seat(g, first, 1);
    } else if (rank == R_REVERSE) {
        g->direction = -1;
        if (active_count(g) == 2)
            g->current = g->dealer;
        else if (f->start_reverse_right)
            g->current = next_seat(g, g->dealer, -1);
    } else if (rank == R_DRAW_TWO) {
        draw_cards(g, first, 2);
        g->current = next_seat(g, first, 1);
    } else if (f->color_of[card] < 0) {
        g->phase = CHOOSE_COLOR;
    }
    return E_OK;
}

/* Up to `limit` uniformly random legal moves of the seat to act, until the round is over;
 * `*made` counts them. E_STUCK (the seat to act in g->current has no legal move: a loaded
 * state no game reaches) rather than a move read from a list never written. */
static int play_moves(Game *g, uint64_t *choice, long limit, long *made) {
    Move moves[MAXM];
    long count = 0;
    int err = E_OK;
    while (g->phase != ROUND_OVER && count < limit) {
        int k = legal_moves(g, moves);
        if (k <= 0) {
            err = E_STUCK;
            break;
        }
        apply(g, &moves[below(choice, k)]);
        count++;
    }
    *made = count;
    return err;
}

/* Raises the ValueError of an error code; NULL. */
static PyObject *round_error(int err, const Game *g) {
    if (err == E_DEALER)
        PyErr_SetString(PyExc_ValueError,
                        "the dealer draw cannot settle: the deck's number cards always tie "
                        "(or there are none)");
    else if (err == E_NO_START)
        PyErr_SetString(PyExc_ValueError,
                        "no card of the draw pile can start the round: only +4s were left "
                        "after each of 1000 deals (rounds.MAX_MISDEALS)");
    else
        PyErr_Format(PyExc_ValueError, "seat %d has no legal move: the state cannot go on",
                     g->current);
    return NULL;
}

/* -- search rollouts ---------------------------------------------------------------------- */

/* The colour held most (points break ties, then the lower colour), not counting one `skip`. */
static int favourite_color(const Game *g, int seat, int skip) {
    const Cfg *f = g->cfg;
    int counts[4] = {0}, points[4] = {0}, skipped = 0;
    for (int i = 0; i < g->hs[seat]; i++) {
        int c = g->hand[seat][i], col = f->color_of[c];
        if (!skipped && c == skip) {
            skipped = 1;
            continue;
        }
        if (col >= 0) {
            counts[col]++;
            points[col] += f->rank_of[c] <= 9 ? f->rank_of[c] : 20;
        }
    }
    int best = 0;
    for (int c = 1; c < 4; c++)
        if (counts[c] > counts[best] || (counts[c] == counts[best] && points[c] > points[best]))
            best = c;
    return best;
}

/* The key of a play for the greedy policy: a coloured card of the active colour 4, another
 * coloured card 3, a plain wild 1, a +4 0 (rollout.greedy_move). */
static inline int greedy_key(const Game *g, int card) {
    const Cfg *f = g->cfg;
    int col = f->color_of[card];
    if (col >= 0) return col == g->color ? 4 : 3;
    return f->rank_of[card] == R_WILD ? 1 : 0;
}

/* The greedy rollout policy, move for move that of unokit.sim.rollout.greedy_move (its
 * docstring is the contract): the first play of the highest key in the order of the legal
 * moves (the hand's order); a wild names the colour held most; a 7 under seven_zero swaps
 * with the smallest other hand (the lower seat on a tie); with no play, a +4 is challenged
 * unless its player holds one card, else draw; never an UNO call. */
static void greedy(const Game *g, Move *mv) {
    const Cfg *f = g->cfg;
    int seat = g->current;
    mv->uno = 0;
    mv->color = -1;
    mv->target = -1;
    if (g->phase == CHOOSE_COLOR) {
        mv->type = M_CHOOSE;
        mv->color = (int8_t)favourite_color(g, seat, -1);
        return;
    }
    int best = -1, best_key = -1;
    if (g->phase == PENALTY) { /* pass the penalty on when the rules allow */
        int last = g->st_n - 1, pcard = g->st_card[last], prank = f->rank_of[pcard];
        if (f->stacking || f->deflect) {
            Move moves[MAXM];
            int k = penalty_plays(g, seat, pcard, prank, 0, moves, 0);
            for (int i = 0; i < k && best_key < 4; i++) {
                int key = greedy_key(g, moves[i].card);
                if (key > best_key) {
                    best = moves[i].card;
                    best_key = key;
                }
            }
        }
        if (best < 0) {
            int wd4 = prank == R_WD4 && f->rank_of[g->disc[g->nd - 1]] == R_WD4;
            mv->type = f->challenge && wd4 && g->hs[g->st_seat[last]] >= 2 ? M_CHALLENGE : M_DRAW;
            return;
        }
    } else if (g->phase == AFTER_DRAW) {
        best = g->drawn;
    } else {
        for (int i = 0; i < g->hs[seat] && best_key < 4; i++) {
            int c = g->hand[seat][i], key = greedy_key(g, c);
            if (key > best_key && playable(g, c, seat)) {
                best = c;
                best_key = key;
            }
        }
    }
    if (best < 0) {
        mv->type = M_DRAW;
        return;
    }
    mv->type = M_PLAY;
    mv->card = (uint8_t)best;
    if (f->color_of[best] < 0) mv->color = (int8_t)favourite_color(g, seat, best);
    int rank = f->rank_of[best];
    if (f->seven_zero && rank == 7 && g->hs[seat] > 1) { /* swap with the smallest hand */
        for (int t = 0; t < g->n; t++)
            if (t != seat && g->in_round[t] && (mv->target < 0 || g->hs[t] < g->hs[mv->target]))
                mv->target = (int8_t)t;
    }
}

enum { LOSS = 0, UNFINISHED = 1, WIN = 2 }; /* rollout.LOSS, UNFINISHED, WIN */

/* Plays the round on with the greedy policy, max_moves at most: WIN when a seat of `friends`
 * (a bit mask: the searching seat and its team-mates) went out, LOSS when another did,
 * UNFINISHED when the round is not over (rollout.play_out). */
static int rollout(Game *g, unsigned friends, long max_moves, long *budget) {
    Move mv;
    long k = 0;
    for (; g->phase != ROUND_OVER && k < max_moves; k++) {
        greedy(g, &mv);
        apply(g, &mv);
    }
    *budget -= k + 1;
    if (g->phase != ROUND_OVER || g->winner < 0) return UNFINISHED;
    return (friends >> g->winner) & 1u ? WIN : LOSS;
}

/* -- the boundary: every value from Python is checked here, with an error naming it -------- */

/* An int of Python in lo..hi: TypeError for anything else, ValueError out of range (never
 * truncated: 2**32 + 3 is not 3). */
static int get_int(PyObject *o, long long lo, long long hi, const char *what, long long *out) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
        return 0;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return 0;
    if (overflow || v < lo || v > hi) {
        if (overflow)
            PyErr_Format(PyExc_ValueError, "%s must be in [%lld, %lld], not a %s int", what, lo,
                         hi, overflow > 0 ? "larger" : "smaller");
        else
            PyErr_Format(PyExc_ValueError, "%s must be in [%lld, %lld], not %lld", what, lo, hi,
                         v);
        return 0;
    }
    *out = v;
    return 1;
}

/* get_int into an int, for values that later checks give a meaning (seats, phases...). */
static int get_small(PyObject *o, const char *what, int *out) {
    long long v;
    if (!get_int(o, -1000000, 1000000, what, &v)) return 0;
    *out = (int)v;
    return 1;
}

/* A generator state or seed: an int in 0..2**64-1. */
static int get_u64(PyObject *o, const char *what, uint64_t *out) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
        return 0;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return 0;
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be in [0, 2**64 - 1]", what);
        return 0;
    }
    *out = (uint64_t)v;
    return 1;
}

/* A time budget in seconds: a finite number in [0, MAXSECONDS] (NaN, inf and 1e308 would
 * never end the search). */
static int get_seconds(PyObject *o, double *out) {
    if (!PyFloat_Check(o) && !PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "seconds must be a number, not %.80s", Py_TYPE(o)->tp_name);
        return 0;
    }
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return 0;
        PyErr_Clear();
        v = INFINITY;
    }
    if (!isfinite(v) || v < 0.0 || v > MAXSECONDS) {
        PyErr_Format(PyExc_ValueError, "seconds must be a finite time budget in [0, %d]",
                     (int)MAXSECONDS);
        return 0;
    }
    *out = v;
    return 1;
}

/* A list or tuple (TypeError otherwise) of at most `cap` ints in lo..hi; its length or -1. */
static int int_list(PyObject *seq, int *out, int cap, long long lo, long long hi,
                    const char *what) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list or tuple, not %.80s", what,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        PyErr_Format(PyExc_ValueError, "too many items in %s (%zd, at most %d)", what, n, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v;
        if (!get_int(PySequence_Fast_GET_ITEM(seq, i), lo, hi, what, &v)) return -1;
        out[i] = (int)v;
    }
    return (int)n;
}

/* int_list for cards: every id must have a row in the card tables. */
static int card_list(PyObject *seq, int *out, int cap, const char *what, const Cfg *f) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list or tuple, not %.80s", what,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        PyErr_Format(PyExc_ValueError, "too many cards in %s (%zd, at most %d)", what, n, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "a card id in %s must be an int, not %.80s", what,
                         Py_TYPE(item)->tp_name);
            return -1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (overflow) {
            PyErr_Format(PyExc_ValueError, "card id %R out of range in %s", item, what);
            return -1;
        }
        if (v < 0 || v >= f->kinds) {
            PyErr_Format(PyExc_ValueError, "card id %lld out of range in %s", v, what);
            return -1;
        }
        out[i] = (int)v;
    }
    return (int)n;
}

/* Whether `o` is a tuple of `n` items (TypeError naming it otherwise: never SystemError). */
static int is_tuple(PyObject *o, Py_ssize_t n, const char *what) {
    if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == n) return 1;
    if (PyTuple_Check(o))
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of %zd items, not %zd", what, n,
                     PyTuple_GET_SIZE(o));
    else
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of %zd items, not %.80s", what, n,
                     Py_TYPE(o)->tp_name);
    return 0;
}

/* The pending penalty: (seat, card, colour before[, honest]) tuples, oldest first. */
static int parse_stack(PyObject *seq, Game *g, const Cfg *f, int with_honest) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "the stack must be a list or tuple, not %.80s",
                     Py_TYPE(seq)->tp_name);
        return 0;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAXST) {
        PyErr_SetString(PyExc_ValueError, "too many cards in the stack");
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!is_tuple(item, with_honest ? 4 : 3, "a stack entry")) return 0;
        int seat, card, color, honest = 1;
        if (!get_small(PyTuple_GET_ITEM(item, 0), "a stack entry's seat", &seat) ||
            !get_small(PyTuple_GET_ITEM(item, 1), "a stack entry's card", &card) ||
            !get_small(PyTuple_GET_ITEM(item, 2), "a stack entry's colour", &color) ||
            (with_honest &&
             !get_small(PyTuple_GET_ITEM(item, 3), "a stack entry's honesty", &honest)))
            return 0;
        if (seat < 0 || seat >= f->players || card < 0 || card >= f->kinds || color < -1 ||
            color > 3 || honest < 0 || honest > 1 ||
            (f->rank_of[card] != R_DRAW_TWO && f->rank_of[card] != R_WD4)) {
            PyErr_SetString(PyExc_ValueError,
                            "a stack entry is (seat, +2/+4 card, colour -1-3[, honest 0/1])");
            return 0;
        }
        g->st_seat[i] = (int8_t)seat;
        g->st_card[i] = (uint8_t)card;
        g->st_color[i] = (int8_t)color;
        g->st_honest[i] = (uint8_t)honest;
    }
    g->st_n = (int)n;
    return 1;
}

/* The checks both loaders make on a state, with the error they raise. */
static int check_state(const Cfg *f, int n, int current, int phase, int direction, int st_n,
                       int drawn, int color, const int *in_round) {
    const char *why = NULL;
    int active = 0;
    for (int s = 0; s < n; s++) active += in_round[s];
    if (current < 0 || current >= n)
        why = "current must be a seat";
    else if (phase < PLAY || phase > PENALTY)
        why = "phase must be play, after_draw, choose_color or penalty";
    else if (direction != 1 && direction != -1)
        why = "direction must be 1 or -1";
    else if (color < -1 || color > 3)
        why = "color must be -1 (none) or 0-3";
    else if (phase == PENALTY && st_n < 1)
        why = "a pending penalty needs its draw cards (the stack)";
    else if (phase == AFTER_DRAW && (drawn < 0 || drawn >= f->kinds))
        why = "after a draw the drawn card must be given";
    else if (drawn < -1 || drawn >= f->kinds)
        why = "drawn must be -1 (none) or a card id";
    else if (!in_round[current])
        why = "the seat to act (current) must be in the round";
    else if (active < 2)
        why = "a round goes on with two seats in it at least";
    if (why) PyErr_SetString(PyExc_ValueError, why);
    return why == NULL;
}

/* Whether `card` is in the hand (for the drawn card: it was drawn into that hand). */
static int holds(const int *hand, int size, int card) {
    for (int i = 0; i < size; i++)
        if (hand[i] == card) return 1;
    return 0;
}

/* The public part of a state, as both loaders receive it. */
static void set_public(Game *g, const Cfg *f, const int *disc, int nd, int color, int direction,
                       int current, int phase, int pending, int drawn, const int *called,
                       const int *window, const int *in_round) {
    g->cfg = f;
    g->n = f->players;
    g->winner = -1;
    for (int i = 0; i < nd; i++) g->disc[i] = (uint8_t)disc[i];
    g->nd = nd;
    g->color = color;
    g->direction = direction;
    g->current = current;
    g->phase = phase;
    g->pending = pending;
    g->drawn = drawn;
    for (int s = 0; s < f->players; s++) {
        g->called[s] = (uint8_t)called[s];
        g->window[s] = (uint8_t)window[s];
        g->in_round[s] = (uint8_t)in_round[s];
    }
    /* a call by the seat to act lapses at another seat's move unless it then holds one card */
    g->precall = g->called[current] ? 1 + current : 0;
}

/* The fields of the rules tuple, in the order of _CONFIG in fastplay.py, with their ranges
 * (config_fields() gives them to Python, where a test checks both lists agree). */
static const struct {
    const char *name;
    int lo, hi;
} CFG_FIELDS[] = {
    {"players", 2, MAXP},
    {"hand_size", 1, MAXC / 2},
    {"dealer_random", 0, 1},
    {"dealer_redraw", 0, 1},
    {"start_reverse_right", 0, 1},
    {"draw_with_playable", 0, 1},
    {"must_play", 0, 1},
    {"draw_until", 0, 1},
    {"wd4_rule", 0, 2},
    {"challenge", 0, 1},
    {"challenge_fail_extra", 0, MAXC / 2},
    {"uno_penalty", 0, MAXC / 2},
    {"catch_until_play", 0, 1},
    {"stacking", 0, 3},
    {"deflect", 0, 2},
    {"jump_in", 0, 1},
    {"stack_all", 0, 1},
    {"seven_zero", 0, 1},
};
#define NCFG ((Py_ssize_t)(sizeof CFG_FIELDS / sizeof CFG_FIELDS[0]))

static int parse_cfg(PyObject *cfg_tuple, PyObject *deck, PyObject *ranks, PyObject *colors,
                     Cfg *f) {
    int *fields[] = {&f->players,         &f->hand_size,  &f->dealer_random,
                     &f->dealer_redraw,   &f->start_reverse_right,
                     &f->draw_with_playable, &f->must_play, &f->draw_until,
                     &f->wd4_rule,        &f->challenge,  &f->challenge_fail_extra,
                     &f->uno_penalty,     &f->catch_until_play, &f->stacking,
                     &f->deflect,         &f->jump_in,    &f->stack_all,
                     &f->seven_zero};
    memset(f, 0, sizeof *f);
    if (!is_tuple(cfg_tuple, NCFG, "the rules (cfg)")) return 0;
    for (Py_ssize_t i = 0; i < NCFG; i++) {
        long long v;
        if (!get_int(PyTuple_GET_ITEM(cfg_tuple, i), CFG_FIELDS[i].lo, CFG_FIELDS[i].hi,
                     CFG_FIELDS[i].name, &v))
            return 0;
        *fields[i] = (int)v;
    }
    int rank_of[MAXK], color_of[MAXK];
    int nk = int_list(ranks, rank_of, MAXK, 0, 17, "ranks");
    if (nk < 0) return 0;
    int nc = int_list(colors, color_of, MAXK, -1, 3, "colors");
    if (nc < 0) return 0;
    if (nk < 1 || nc != nk) {
        PyErr_SetString(PyExc_ValueError, "ranks and colors must give one row per card id");
        return 0;
    }
    for (int i = 0; i < nk; i++) {
        f->rank_of[i] = (int8_t)rank_of[i];
        f->color_of[i] = (int8_t)color_of[i];
    }
    f->kinds = nk;
    int cards[MAXC];
    int nd = card_list(deck, cards, MAXC / 2, "deck", f);
    if (nd < 0) return 0;
    if (f->players * f->hand_size >= nd) {
        PyErr_Format(PyExc_ValueError,
                     "the deck (%d cards) must hold more than players x hand_size (%d)", nd,
                     f->players * f->hand_size);
        return 0;
    }
    f->deck_len = nd;
    for (int i = 0; i < nd; i++) f->deck[i] = (uint8_t)cards[i];
    return 1;
}

PyDoc_STRVAR(rollouts_doc,
"rollouts(cfg, deck, ranks, colors, state, pool, candidates, max_samples, seconds, seed,\n"
"         max_moves)\n"
"\n"
"Determinized evaluation for the expert bot (unokit.sim.rollout, whose docstring is the\n"
"contract). `state` is what seat `me`, the seat to act, sees: (me, hand, sizes, discard,\n"
"color, direction, current, phase, pending, stack, drawn, called, window, in_round,\n"
"draw_pile_size, friends, known); stack: (seat, card, colour before) of each draw card\n"
"pending, oldest first; friends: bit mask of the seats whose win counts (me and team-mates);\n"
"known: per seat, the cards `me` knows it holds. Candidates (1-64) are legal moves of `me`\n"
"as (type, card, colour or catch target, uno, swap target). The search's generator starts at\n"
"`seed`; each sample draws a seed for the sampled game's generator, shuffles the unseen\n"
"`pool` and deals it (known cards first) to the other hands, the rest to the draw pile,\n"
"applies every candidate to a copy and plays it out with the greedy policy. Stops after\n"
"max_samples samples or `seconds` (finite, at most 3600). Returns (wins per candidate,\n"
"unfinished rollouts per candidate, samples).");

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static PyObject *rollouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cfg_tuple, *deck, *ranks, *colors, *state, *pool_obj, *cand_obj, *samples_o,
        *seconds_o, *seed_obj, *moves_o;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOO", &cfg_tuple, &deck, &ranks, &colors, &state,
                          &pool_obj, &cand_obj, &samples_o, &seconds_o, &seed_obj, &moves_o))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    long long max_samples, max_moves_ll;
    double seconds;
    uint64_t rng;
    if (!get_int(samples_o, 1, MAXSAMPLES, "max_samples", &max_samples) ||
        !get_seconds(seconds_o, &seconds) || !get_u64(seed_obj, "seed", &rng) ||
        !get_int(moves_o, 0, MAXROLLOUT, "max_moves", &max_moves_ll))
        return NULL;
    long max_moves = (long)max_moves_ll;
    int n = cfg.players;
    if (!is_tuple(state, 17, "state")) return NULL;
    int me, color, direction, current, phase, pending, drawn, pile_size, friends;
    PyObject *it[17];
    for (int i = 0; i < 17; i++) it[i] = PyTuple_GET_ITEM(state, i);
    long long v_pending, v_pile, v_friends;
    if (!get_small(it[0], "me", &me) || !get_small(it[4], "color", &color) ||
        !get_small(it[5], "direction", &direction) || !get_small(it[6], "current", &current) ||
        !get_small(it[7], "phase", &phase) ||
        !get_int(it[8], 0, 4 * MAXST, "pending", &v_pending) ||
        !get_small(it[10], "drawn", &drawn) ||
        !get_int(it[14], 0, MAXC / 2, "draw_pile_size", &v_pile) ||
        !get_int(it[15], 0, (1LL << n) - 1, "friends", &v_friends))
        return NULL;
    pending = (int)v_pending;
    pile_size = (int)v_pile;
    friends = (int)v_friends;
    PyObject *stack_o = it[9];
    int hand[MAXC], sizes[MAXP], disc[MAXC], called[MAXP], window[MAXP], inr[MAXP], pool[MAXC],
        cand[64][5];
    int nh = card_list(it[1], hand, MAXC / 2, "hand", &cfg);
    if (nh < 0) return NULL;
    int ns = int_list(it[2], sizes, MAXP, 0, MAXC / 2, "sizes");
    if (ns < 0) return NULL;
    int ndisc = card_list(it[3], disc, MAXC / 2, "discard", &cfg);
    if (ndisc < 0) return NULL;
    int npool = card_list(pool_obj, pool, MAXC / 2, "pool", &cfg);
    if (npool < 0) return NULL;
    int ncall = int_list(it[11], called, MAXP, 0, 1, "called");
    if (ncall < 0) return NULL;
    int nwin = int_list(it[12], window, MAXP, 0, 1, "window");
    if (nwin < 0) return NULL;
    int ninr = int_list(it[13], inr, MAXP, 0, 1, "in_round");
    if (ninr < 0) return NULL;
    if (!PyList_Check(cand_obj) && !PyTuple_Check(cand_obj)) {
        PyErr_Format(PyExc_TypeError, "candidates must be a list or tuple, not %.80s",
                     Py_TYPE(cand_obj)->tp_name);
        return NULL;
    }
    Py_ssize_t ncand = PySequence_Fast_GET_SIZE(cand_obj);
    if (ns != n || ncall != n || nwin != n || ninr != n || me < 0 || me >= n || ndisc < 1 ||
        ncand < 1 || ncand > 64) {
        PyErr_SetString(PyExc_ValueError, "state does not fit the rules");
        return NULL;
    }
    if (current != me) {
        PyErr_SetString(PyExc_ValueError, "the search is for the seat to act: current must be me");
        return NULL;
    }
    if (!PyList_Check(stack_o) && !PyTuple_Check(stack_o)) {
        PyErr_Format(PyExc_TypeError, "the stack must be a list or tuple, not %.80s",
                     Py_TYPE(stack_o)->tp_name);
        return NULL;
    }
    int st_n = (int)PySequence_Fast_GET_SIZE(stack_o);
    if (!check_state(&cfg, n, current, phase, direction, st_n, drawn, color, inr)) return NULL;
    if (phase == AFTER_DRAW && !holds(hand, nh, drawn)) {
        PyErr_SetString(PyExc_ValueError, "the drawn card must be in the hand of the seat to act");
        return NULL;
    }
    /* known: per seat, the cards `me` knows it holds (determinize.known_cards), dealt first */
    PyObject *known_o = it[16];
    int known[MAXP][MAXC / 2], nknown[MAXP] = {0}, nknown_all = 0;
    if (!PyList_Check(known_o) && !PyTuple_Check(known_o)) {
        PyErr_Format(PyExc_TypeError, "known must be a list or tuple, not %.80s",
                     Py_TYPE(known_o)->tp_name);
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(known_o) != n) {
        PyErr_SetString(PyExc_ValueError, "known must give one list of cards per seat");
        return NULL;
    }
    for (int s = 0; s < n; s++) {
        nknown[s] = card_list(PySequence_Fast_GET_ITEM(known_o, s), known[s], MAXC / 2, "known",
                              &cfg);
        if (nknown[s] < 0) return NULL;
        if (nknown[s] > sizes[s] || (s == me && nknown[s])) {
            PyErr_SetString(PyExc_ValueError,
                            "known cards must fit the hand of another seat than me");
            return NULL;
        }
        nknown_all += nknown[s];
    }
    int hidden = pile_size;
    for (int s = 0; s < n; s++)
        if (s != me) hidden += sizes[s];
    if (hidden - nknown_all > npool || nh + ndisc + hidden > MAXC / 2) {
        PyErr_SetString(PyExc_ValueError, "the hidden places do not fit the unseen cards");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < ncand; i++) {
        PyObject *c = PySequence_Fast_GET_ITEM(cand_obj, i);
        if (!is_tuple(c, 5, "a candidate move")) return NULL;
        for (int j = 0; j < 5; j++) {
            long long v;
            if (!get_int(PyTuple_GET_ITEM(c, j), -1, MAXK, "a candidate move's field", &v))
                return NULL;
            cand[i][j] = (int)v;
        }
    }
    Game *base = PyMem_Malloc(2 * sizeof(Game));
    if (!base) return PyErr_NoMemory();
    Game *g = base + 1;
    memset(base, 0, 2 * sizeof *base);
    if (!parse_stack(stack_o, base, &cfg, 0)) {
        PyMem_Free(base);
        return NULL;
    }
    set_public(base, &cfg, disc, ndisc, color, direction, current, phase, pending, drawn, called,
               window, inr);
    for (int s = 0; s < n; s++) base->hs[s] = s == me ? nh : sizes[s];
    for (int i = 0; i < nh; i++) base->hand[me][i] = (uint8_t)hand[i];
    { /* every candidate must be a legal move of `me` now: applying anything else would read
       * what is not there (a challenge with nothing pending, a card not held) */
        Move legal[MAXM];
        int k = legal_moves(base, legal);
        for (Py_ssize_t c = 0; c < ncand; c++) {
            int found = 0;
            for (int i = 0; i < k && !found; i++)
                found = legal[i].type == cand[c][0] && legal[i].card == cand[c][1] &&
                        legal[i].color == cand[c][2] && legal[i].uno == cand[c][3] &&
                        legal[i].target == cand[c][4];
            if (!found) {
                PyMem_Free(base);
                PyErr_Format(PyExc_ValueError,
                             "bad candidate move %zd: not a legal move of the seat to act", c);
                return NULL;
            }
        }
    }
    long wins[64] = {0}, unfinished[64] = {0}, done = 0;
    int timeup = 0;
    double deadline = now_seconds() + seconds;
    uint8_t shuffled[MAXC];
    while (done < max_samples && !timeup) {
        /* in chunks of about CHUNK moves, the GIL released; Ctrl-C is looked for between */
        Py_BEGIN_ALLOW_THREADS
        long budget = CHUNK;
        while (done < max_samples && budget > 0) {
            /* determinize.sample_game, draw for draw: the sampled game's seed, the shuffle of
             * the unseen cards, dealt seat by seat (known cards first) from the end */
            uint64_t game_seed = next64(&rng);
            for (int i = 0; i < npool; i++) shuffled[i] = (uint8_t)pool[i];
            shuffle(&rng, shuffled, npool);
            int k = npool;
            for (int s = 0; s < n; s++) {
                if (s == me) continue;
                for (int i = 0; i < nknown[s]; i++) base->hand[s][i] = (uint8_t)known[s][i];
                for (int i = nknown[s]; i < sizes[s]; i++) base->hand[s][i] = shuffled[--k];
            }
            memcpy(base->pile, shuffled, (size_t)pile_size);
            base->np = pile_size;
            for (int e = 0; e < base->st_n; e++) { /* a +4 was honest unless its player held */
                int who = base->st_seat[e];            /* a card of the colour it covered */
                base->st_honest[e] = 1;
                for (int i = 0; i < base->hs[who]; i++)
                    if (cfg.color_of[base->hand[who][i]] == base->st_color[e])
                        base->st_honest[e] = 0;
            }
            for (Py_ssize_t c = 0; c < ncand; c++) {
                *g = *base;
                g->rng = game_seed; /* the same reshuffles for every candidate: a fair comparison */
                Move mv = {(uint8_t)cand[c][0], (uint8_t)cand[c][1], (uint8_t)cand[c][3],
                           (int8_t)cand[c][2], (int8_t)cand[c][4]};
                apply(g, &mv);
                int outcome = rollout(g, (unsigned)friends, max_moves, &budget);
                wins[c] += outcome == WIN;
                unfinished[c] += outcome == UNFINISHED;
            }
            done++;
            if (((done & 7) == 0 || budget <= 0) && now_seconds() >= deadline) {
                timeup = 1;
                break;
            }
        }
        Py_END_ALLOW_THREADS
        if (PyErr_CheckSignals() < 0) {
            PyMem_Free(base);
            return NULL;
        }
    }
    PyMem_Free(base);
    PyObject *lists[2] = {PyList_New(ncand), PyList_New(ncand)};
    const long *counts[2] = {wins, unfinished};
    for (int l = 0; l < 2; l++) {
        for (Py_ssize_t c = 0; lists[l] && c < ncand; c++) {
            PyObject *p = PyLong_FromLong(counts[l][c]);
            if (!p) {
                Py_CLEAR(lists[l]);
                break;
            }
            PyList_SET_ITEM(lists[l], c, p);
        }
    }
    if (!lists[0] || !lists[1]) {
        Py_XDECREF(lists[0]);
        Py_XDECREF(lists[1]);
        return NULL;
    }
    return Py_BuildValue("NNl", lists[0], lists[1], done);
}

/* The hands of a game as a list of lists of card ids (NULL on error). */
static PyObject *hands_list(const Game *g, int n, int with_cards) {
    PyObject *hands = PyList_New(n);
    for (int s = 0; hands && s < n; s++) {
        int size = with_cards ? g->hs[s] : 0;
        PyObject *h = PyList_New(size);
        for (int i = 0; h && i < size; i++) {
            PyObject *c = PyLong_FromLong(g->hand[s][i]);
            if (!c) {
                Py_CLEAR(h);
                break;
            }
            PyList_SET_ITEM(h, i, c);
        }
        if (!h) {
            Py_CLEAR(hands);
            break;
        }
        PyList_SET_ITEM(hands, s, h);
    }
    return hands;
}

PyDoc_STRVAR(play_rounds_doc,
"play_rounds(cfg, deck, ranks, colors, first_seed, games, choice_state, max_moves)\n"
"\n"
"Deal `games` rounds (game i from seed first_seed + i) and play each to its end with\n"
"uniformly random legal moves of the seat to act, chosen by a SplitMix64 generator whose\n"
"state is `choice_state`. Returns (moves, wins, choice_state, hands, winner): the total\n"
"number of moves, the wins per seat, the generator's new state, and the last round's\n"
"hands and winner (-1 when it reached max_moves, or no round was played). games: 0-10**12,\n"
"max_moves: 0-10**9; Ctrl-C is answered while it runs.");

static PyObject *play_rounds(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cfg_tuple, *deck, *ranks, *colors, *first_obj, *games_o, *state_obj, *moves_o;
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &cfg_tuple, &deck, &ranks, &colors, &first_obj,
                          &games_o, &state_obj, &moves_o))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    long long games, max_moves;
    uint64_t first, choice;
    if (!get_u64(first_obj, "first_seed", &first) || !get_int(games_o, 0, MAXGAMES, "games", &games) ||
        !get_u64(state_obj, "choice_state", &choice) ||
        !get_int(moves_o, 0, MAXMOVES, "max_moves", &max_moves))
        return NULL;
    Game *g = PyMem_Calloc(1, sizeof(Game));
    if (!g) return PyErr_NoMemory();
    long long total = 0, done = 0, round_moves = 0;
    long wins[MAXP] = {0};
    int err = E_OK, fresh = 1;
    while (done < games && err == E_OK) {
        /* in chunks of about CHUNK moves, the GIL released; Ctrl-C is looked for between */
        Py_BEGIN_ALLOW_THREADS
        long budget = CHUNK;
        while (done < games && budget > 0) {
            if (fresh) {
                err = setup(g, &cfg, first + (uint64_t)done);
                if (err) break;
                fresh = 0;
                round_moves = 0;
                budget -= DEAL_COST;
            }
            long step = max_moves - round_moves < budget ? (long)(max_moves - round_moves) : budget;
            long made;
            err = play_moves(g, &choice, step, &made);
            round_moves += made;
            total += made;
            budget -= made;
            if (err) break;
            if (g->phase == ROUND_OVER || round_moves >= max_moves) {
                if (g->winner >= 0) wins[g->winner]++;
                done++;
                fresh = 1;
            }
        }
        Py_END_ALLOW_THREADS
        if (err) {
            round_error(err, g);
            PyMem_Free(g);
            return NULL;
        }
        if (PyErr_CheckSignals() < 0) {
            PyMem_Free(g);
            return NULL;
        }
    }
    PyObject *win_list = PyList_New(cfg.players);
    for (int s = 0; win_list && s < cfg.players; s++) {
        PyObject *w = PyLong_FromLong(wins[s]);
        if (!w) {
            Py_CLEAR(win_list);
            break;
        }
        PyList_SET_ITEM(win_list, s, w);
    }
    PyObject *hands = hands_list(g, cfg.players, games > 0);
    int winner = games > 0 ? g->winner : -1;
    PyMem_Free(g);
    if (!win_list || !hands) {
        Py_XDECREF(win_list);
        Py_XDECREF(hands);
        return NULL;
    }
    return Py_BuildValue("LNKNi", total, win_list, (unsigned long long)choice, hands, winner);
}

/* The lab's measures of a round (unokit.sim.lab.RoundMeter is the reference: a test compares
 * both on the same games). A turn ends with a play, or with a draw, pass or challenge after
 * which another seat is to act or the round is over; after each turn the seat holding more
 * cards than anyone else in the round, if one does, is noted with the turn's number; after
 * each move every seat in the round holding one card is noted. */
typedef struct {
    long long turns, calls, catches, challenges, stacks;
    unsigned one_card;           /* seats that held one card after some move */
    long long last_most[MAXP];   /* the last turn after which the seat alone held the most */
} Meter;

static void meter_move(const Game *g, Meter *m, int seat, const Move *mv) {
    int t = mv->type;
    for (int s = 0; s < g->n; s++)
        if (g->in_round[s] && g->hs[s] == 1) m->one_card |= 1u << s;
    if (!(t == M_PLAY || ((t == M_DRAW || t == M_PASS || t == M_CHALLENGE) &&
                          (g->current != seat || g->phase == ROUND_OVER))))
        return;
    m->turns++;
    int most = -1, size = -1, tied = 0;
    for (int s = 0; s < g->n; s++) {
        if (!g->in_round[s]) continue;
        if (g->hs[s] > size) {
            size = g->hs[s];
            most = s;
            tied = 0;
        } else if (g->hs[s] == size) {
            tied = 1;
        }
    }
    if (most >= 0 && !tied) m->last_most[most] = m->turns;
}

/* play_moves, measured. */
static int play_measured_moves(Game *g, uint64_t *choice, long limit, long *made, Meter *m) {
    Move moves[MAXM];
    long count = 0;
    int err = E_OK;
    while (g->phase != ROUND_OVER && count < limit) {
        int k = legal_moves(g, moves);
        if (k <= 0) {
            err = E_STUCK;
            break;
        }
        const Move *mv = &moves[below(choice, k)];
        int seat = g->current, t = mv->type;
        if (t == M_CALL || (t == M_PLAY && mv->uno)) m->calls++;
        if (t == M_CATCH) m->catches++;
        if (t == M_CHALLENGE) m->challenges++;
        if (t == M_PLAY && g->phase == PENALTY) m->stacks++; /* stacked or deflected */
        Move copy = *mv;
        apply(g, &copy);
        meter_move(g, m, seat, &copy);
        count++;
    }
    *made = count;
    return err;
}

PyDoc_STRVAR(play_measured_doc,
"play_measured(cfg, deck, ranks, colors, seed, choice_state, max_moves)\n"
"\n"
"Deal the round of `seed` and play it to its end as play_rounds does (one round), measuring\n"
"it for the lab (unokit.sim.lab). Returns (moves, winner, choice_state, hands, dealer,\n"
"first, turns, drawn, calls, catches, challenges, stacks, exchanges, reshuffles, one_card,\n"
"last_most): stacks the plays that answered a pending penalty (stacked or deflected);\n"
"winner -1 when max_moves (0-10**9) ran out; first the seat to act first (after the start\n"
"card); one_card a bit mask of the seats that held one\n"
"card after some move; last_most per seat the last turn after which it alone held the most\n"
"cards (0: never).");

static PyObject *play_measured(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cfg_tuple, *deck, *ranks, *colors, *seed_obj, *state_obj, *moves_o;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &cfg_tuple, &deck, &ranks, &colors, &seed_obj,
                          &state_obj, &moves_o))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    long long max_moves;
    uint64_t seed, choice;
    if (!get_u64(seed_obj, "seed", &seed) || !get_u64(state_obj, "choice_state", &choice) ||
        !get_int(moves_o, 0, MAXMOVES, "max_moves", &max_moves))
        return NULL;
    Game *g = PyMem_Calloc(1, sizeof(Game));
    if (!g) return PyErr_NoMemory();
    Meter m;
    memset(&m, 0, sizeof m);
    int err = setup(g, &cfg, seed);
    int first = g->current; /* the first to act, after the start card's effect */
    long long moves = 0;
    while (!err) { /* in chunks, the GIL released; Ctrl-C is looked for between */
        long step = max_moves - moves < CHUNK ? (long)(max_moves - moves) : CHUNK, made;
        Py_BEGIN_ALLOW_THREADS
        err = play_measured_moves(g, &choice, step, &made, &m);
        Py_END_ALLOW_THREADS
        moves += made;
        if (err || g->phase == ROUND_OVER || moves >= max_moves) break;
        if (PyErr_CheckSignals() < 0) {
            PyMem_Free(g);
            return NULL;
        }
    }
    if (err) {
        round_error(err, g);
        PyMem_Free(g);
        return NULL;
    }
    int n = cfg.players;
    PyObject *hands = hands_list(g, n, 1);
    PyObject *most = PyList_New(n);
    for (int s = 0; most && s < n; s++) {
        PyObject *v = PyLong_FromLongLong(m.last_most[s]);
        if (!v) {
            Py_CLEAR(most);
            break;
        }
        PyList_SET_ITEM(most, s, v);
    }
    int winner = g->phase == ROUND_OVER ? g->winner : -1, dealer = g->dealer;
    long long drawn = g->drawn_total;
    int exchanges = g->exchanges, refills = g->refills;
    PyMem_Free(g);
    if (!hands || !most) {
        Py_XDECREF(hands);
        Py_XDECREF(most);
        return NULL;
    }
    return Py_BuildValue("LiKNiiLLLLLLiiIN", moves, winner, (unsigned long long)choice, hands,
                         dealer, first, m.turns, drawn, m.calls, m.catches, m.challenges,
                         m.stacks, exchanges, refills, m.one_card, most);
}

PyDoc_STRVAR(play_from_doc,
"play_from(cfg, deck, ranks, colors, state, choice_state, max_moves)\n"
"\n"
"Load a whole game state, every card known: (hands, draw_pile, discard, color, direction,\n"
"current, phase, pending, stack, drawn, called, window, in_round, game_rng_state), piles\n"
"bottom first, stack: (seat, card, colour before, honest) per pending draw card; play the\n"
"round to its end with uniformly random legal moves as play_rounds does. Returns (moves,\n"
"winner, hands, choice_state, game_rng_state); winner -1 when max_moves (0-10**9) ran out.");

static PyObject *play_from(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cfg_tuple, *deck, *ranks, *colors, *state, *choice_obj, *moves_o;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &cfg_tuple, &deck, &ranks, &colors, &state,
                          &choice_obj, &moves_o))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    long long max_moves, v_pending;
    uint64_t choice, grng;
    if (!get_u64(choice_obj, "choice_state", &choice) ||
        !get_int(moves_o, 0, MAXMOVES, "max_moves", &max_moves))
        return NULL;
    if (!is_tuple(state, 14, "state")) return NULL;
    PyObject *it[14];
    for (int i = 0; i < 14; i++) it[i] = PyTuple_GET_ITEM(state, i);
    PyObject *hands_o = it[0], *stack_o = it[8];
    int color, direction, current, phase, drawn;
    if (!get_small(it[3], "color", &color) || !get_small(it[4], "direction", &direction) ||
        !get_small(it[5], "current", &current) || !get_small(it[6], "phase", &phase) ||
        !get_int(it[7], 0, 4 * MAXST, "pending", &v_pending) ||
        !get_small(it[9], "drawn", &drawn) || !get_u64(it[13], "game_rng_state", &grng))
        return NULL;
    int n = cfg.players, pile[MAXC], disc[MAXC], called[MAXP], window[MAXP], inr[MAXP];
    int np = card_list(it[1], pile, MAXC / 2, "draw_pile", &cfg);
    if (np < 0) return NULL;
    int nd = card_list(it[2], disc, MAXC / 2, "discard", &cfg);
    if (nd < 0) return NULL;
    int nc = int_list(it[10], called, MAXP, 0, 1, "called");
    if (nc < 0) return NULL;
    int nw = int_list(it[11], window, MAXP, 0, 1, "window");
    if (nw < 0) return NULL;
    int ni = int_list(it[12], inr, MAXP, 0, 1, "in_round");
    if (ni < 0) return NULL;
    if (!PyList_Check(hands_o) && !PyTuple_Check(hands_o)) {
        PyErr_Format(PyExc_TypeError, "hands must be a list or tuple, not %.80s",
                     Py_TYPE(hands_o)->tp_name);
        return NULL;
    }
    if (!PyList_Check(stack_o) && !PyTuple_Check(stack_o)) {
        PyErr_Format(PyExc_TypeError, "the stack must be a list or tuple, not %.80s",
                     Py_TYPE(stack_o)->tp_name);
        return NULL;
    }
    Py_ssize_t nh = PySequence_Fast_GET_SIZE(hands_o);
    if (nh != n || nc != n || nw != n || ni != n || nd < 1) {
        PyErr_SetString(PyExc_ValueError, "state does not fit the rules");
        return NULL;
    }
    if (!check_state(&cfg, n, current, phase, direction, (int)PySequence_Fast_GET_SIZE(stack_o),
                     drawn, color, inr))
        return NULL;
    Game *g = PyMem_Calloc(1, sizeof(Game));
    if (!g) return PyErr_NoMemory();
    if (!parse_stack(stack_o, g, &cfg, 1)) {
        PyMem_Free(g);
        return NULL;
    }
    set_public(g, &cfg, disc, nd, color, direction, current, phase, (int)v_pending, drawn,
               called, window, inr);
    g->rng = grng;
    int total = np + nd;
    for (int s = 0; s < n; s++) {
        int cards[MAXC];
        int k = card_list(PySequence_Fast_GET_ITEM(hands_o, s), cards, MAXC / 2, "hand", &cfg);
        if (k < 0) {
            PyMem_Free(g);
            return NULL;
        }
        if (s == current && phase == AFTER_DRAW && !holds(cards, k, drawn)) {
            PyMem_Free(g);
            PyErr_SetString(PyExc_ValueError,
                            "the drawn card must be in the hand of the seat to act");
            return NULL;
        }
        for (int i = 0; i < k; i++) g->hand[s][i] = (uint8_t)cards[i];
        g->hs[s] = k;
        total += k;
    }
    if (total > MAXC / 2) {
        PyMem_Free(g);
        PyErr_SetString(PyExc_ValueError, "more cards than a deck holds");
        return NULL;
    }
    for (int i = 0; i < np; i++) g->pile[i] = (uint8_t)pile[i];
    g->np = np;
    long long moves = 0;
    int err = E_OK;
    for (;;) { /* in chunks, the GIL released; Ctrl-C is looked for between */
        long step = max_moves - moves < CHUNK ? (long)(max_moves - moves) : CHUNK, made;
        Py_BEGIN_ALLOW_THREADS
        err = play_moves(g, &choice, step, &made);
        Py_END_ALLOW_THREADS
        moves += made;
        if (err || g->phase == ROUND_OVER || moves >= max_moves) break;
        if (PyErr_CheckSignals() < 0) {
            PyMem_Free(g);
            return NULL;
        }
    }
    if (err) {
        round_error(err, g);
        PyMem_Free(g);
        return NULL;
    }
    PyObject *hands = hands_list(g, n, 1);
    int winner = g->phase == ROUND_OVER ? g->winner : -1;
    uint64_t grng_out = g->rng;
    PyMem_Free(g);
    if (!hands) return NULL;
    return Py_BuildValue("LiNKK", moves, winner, hands, (unsigned long long)choice,
                         (unsigned long long)grng_out);
}

PyDoc_STRVAR(config_fields_doc,
"config_fields()\n"
"\n"
"The fields of the rules tuple (cfg) every entry point takes, in order, with the range each\n"
"must be in: ((name, lo, hi), ...). unokit.sim.fastplay builds the tuple from its _CONFIG\n"
"table; a test checks that both agree and that every value the options allow fits.");

static PyObject *config_fields(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    PyObject *out = PyTuple_New(NCFG);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < NCFG; i++) {
        PyObject *item = Py_BuildValue("(sii)", CFG_FIELDS[i].name, CFG_FIELDS[i].lo,
                                       CFG_FIELDS[i].hi);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"config_fields", config_fields, METH_NOARGS, config_fields_doc},
    {"play_rounds", play_rounds, METH_VARARGS, play_rounds_doc},
    {"rollouts", rollouts, METH_VARARGS, rollouts_doc},
    {"play_from", play_from, METH_VARARGS, play_from_doc},
    {"play_measured", play_measured, METH_VARARGS, play_measured_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastplay",
    "Random playouts in C, move for move the same as the Python engine (unokit.sim.fastplay).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastplay(void) { return PyModule_Create(&module); }
