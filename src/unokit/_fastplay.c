/* unokit._fastplay: whole rounds with uniformly random legal moves, in C.
 *
 * A second implementation of the rules for one job: random playouts (simulation,
 * benchmarks, search rollouts), for the option subset `unokit.fastplay.supports` accepts
 * (the official game and the usual simplifications: no stacking, jump-ins, 7-0, several
 * cards, special wilds, house penalties). It reproduces the Python engine move for move:
 * the same SplitMix64 generators (the game's for shuffles, the caller's for choices), the
 * same deck order, dealer draw, deal and start card, and the same legal-move lists in the
 * same order as `Game.legal_moves(game.current)`. tests/test_fastplay.py checks that every
 * hand, the winner and the move count agree with `simulate.play_random_round`.
 *
 * Card ids are the ints of `unokit.cards.Card`; their rank and colour tables come from
 * Python at each call, so the encoding lives in one place.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAXP 10
#define MAXC 256 /* cards in one pile or hand (decks have at most 112) */
#define MAXK 128 /* card ids */
#define MAXM 1100 /* legal moves of one seat: 128 kinds x 8 variants, draw, call, catches */

enum { PLAY = 0, AFTER_DRAW = 1, CHOOSE_COLOR = 2, PENALTY = 3, ROUND_OVER = 4 };
enum { R_SKIP = 10, R_REVERSE = 11, R_DRAW_TWO = 12, R_WILD = 13, R_WD4 = 14 };
enum { M_PLAY, M_DRAW, M_PASS, M_CHALLENGE, M_CALL, M_CATCH, M_CHOOSE };
enum { WD4_ANYTIME = 0, WD4_NO_MATCHING_COLOR = 1, WD4_NO_PLAYABLE_CARD = 2 };

typedef struct {
    int players, hand_size, dealer_random, dealer_redraw, start_reverse_right;
    int draw_with_playable, must_play, draw_until, wd4_rule, challenge, challenge_fail_extra;
    int uno_penalty, catch_until_play;
    int stacking, deflect, jump_in, stack_all, seven_zero; /* 0 = off; see _config in fastplay.py */
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
        if (f->seven_zero && rank == 7 && mv->target >= 0)
            swap_hands(g, seat, mv->target);
        else if (f->seven_zero && rank == 0)
            rotate_hands(g);
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
        ok = playable(g, card, seat);
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

/* rounds.select_first_dealer, rounds.deal and rounds.turn_start_card. */
static void setup(Game *g, const Cfg *f, uint64_t seed) {
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
        for (;;) {
            int best = -1;
            for (int i = 0; i < nc; i++) {
                for (;;) {
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
        if (tries + 1 >= MAX_MISDEALS || g->np < 1) { /* Python raises RulesError */
            g->phase = ROUND_OVER;
            return;
        }
    }
    /* the start card: a +4 goes back and the pile is shuffled again */
    int card;
    for (;;) {
        card = g->pile[--g->np];
        if (f->rank_of[card] == R_WD4) {
            g->pile[g->np++] = (uint8_t)card;
            shuffle(&g->rng, g->pile, g->np);
            continue;
        }
        g->disc[g->nd++] = (uint8_t)card;
        break;
    }
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
}

static long play_round(Game *g, uint64_t *choice, long max_moves) {
    Move moves[MAXM];
    long count = 0;
    while (g->phase != ROUND_OVER && count < max_moves) {
        int k = legal_moves(g, moves);
        apply(g, &moves[below(choice, k)]);
        count++;
    }
    return count;
}

static int parse_cfg(PyObject *cfg_tuple, PyObject *deck, PyObject *ranks, PyObject *colors,
                     Cfg *f);

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

/* The greedy rollout policy of bots/expert.py (greedy_move): a colour card in the active
 * colour, else any colour card, else a wild, else a +4 (naming the colour held most), else
 * draw; the drawn card is played when it can be; a +4 is challenged unless its player holds
 * one card (as the strong bot nearly always does); never an UNO call. */
static void greedy(const Game *g, Move *mv) {
    const Cfg *f = g->cfg;
    int seat = g->current;
    mv->uno = 0;
    mv->color = -1;
    mv->target = -1;
    if (g->phase == PENALTY) {
        /* pass the penalty on when the rules allow (the best colour first), else challenge
         * a +4 unless its player holds a single card (as the strong bot does), else draw */
        int last = g->st_n - 1, pcard = g->st_card[last], prank = f->rank_of[pcard];
        if (f->stacking || f->deflect) {
            Move moves[MAXM];
            int k = penalty_plays(g, seat, pcard, prank, 0, moves, 0), best = -1, best_key = -1;
            for (int i = 0; i < k; i++) {
                int col = f->color_of[moves[i].card];
                int key = col >= 0 ? (col == g->color ? 4 : 3) : 0;
                if (key > best_key) {
                    best = i;
                    best_key = key;
                }
            }
            if (best >= 0) {
                *mv = moves[best];
                if (f->color_of[mv->card] < 0)
                    mv->color = (int8_t)favourite_color(g, seat, mv->card);
                return;
            }
        }
        int wd4 = prank == R_WD4 && f->rank_of[g->disc[g->nd - 1]] == R_WD4;
        mv->type = f->challenge && wd4 && g->hs[g->st_seat[last]] >= 2 ? M_CHALLENGE : M_DRAW;
        return;
    }
    if (g->phase == CHOOSE_COLOR) {
        mv->type = M_CHOOSE;
        mv->color = (int8_t)favourite_color(g, seat, -1);
        return;
    }
    int best = -1, best_key = -1;
    if (g->phase == AFTER_DRAW) {
        best = g->drawn;
    } else {
        for (int i = 0; i < g->hs[seat] && best_key < 4; i++) {
            int c = g->hand[seat][i], col = f->color_of[c], key;
            if (col >= 0)
                key = col == g->color ? 4 : 3;
            else
                key = f->rank_of[c] == R_WILD ? 1 : 0;
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

/* 2 when a seat of `friends` (a bit mask: the searching seat and its team-mates) wins, 1 for
 * an unfinished round, 0 for a loss. */
static int rollout(Game *g, unsigned friends, long max_moves) {
    Move mv;
    for (long k = 0; g->phase != ROUND_OVER && k < max_moves; k++) {
        greedy(g, &mv);
        apply(g, &mv);
    }
    if (g->phase != ROUND_OVER) return 1;
    return g->winner >= 0 && ((friends >> g->winner) & 1u) ? 2 : 0;
}

static int int_list(PyObject *seq, int *out, int cap, const char *what) {
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return -1;
    if (n > cap) {
        PyErr_Format(PyExc_ValueError, "too many items in %s", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        if (!item) return -1;
        out[i] = (int)PyLong_AsLong(item);
        Py_DECREF(item);
        if (PyErr_Occurred()) return -1;
    }
    return (int)n;
}

/* int_list for cards: every id must have a row in the card tables. */
static int card_list(PyObject *seq, int *out, int cap, const char *what, const Cfg *f) {
    int n = int_list(seq, out, cap, what);
    for (int i = 0; i < n; i++) {
        if (out[i] < 0 || out[i] >= f->kinds) {
            PyErr_Format(PyExc_ValueError, "card id %d out of range in %s", out[i], what);
            return -1;
        }
    }
    return n;
}

/* The pending penalty: (seat, card, colour before[, honest]) tuples, oldest first. */
static int parse_stack(PyObject *seq, Game *g, const Cfg *f, int with_honest) {
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return 0;
    if (n > MAXST) {
        PyErr_SetString(PyExc_ValueError, "too many cards in the stack");
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        if (!item) return 0;
        int seat, card, color, honest = 1, ok;
        if (with_honest)
            ok = PyArg_ParseTuple(item, "iiii", &seat, &card, &color, &honest);
        else
            ok = PyArg_ParseTuple(item, "iii", &seat, &card, &color);
        Py_DECREF(item);
        if (!ok) return 0;
        if (seat < 0 || seat >= f->players || card < 0 || card >= f->kinds || color < -1 ||
            color > 3 || (f->rank_of[card] != R_DRAW_TWO && f->rank_of[card] != R_WD4)) {
            PyErr_SetString(PyExc_ValueError, "a stack entry is (seat, +2/+4 card, colour)");
            return 0;
        }
        g->st_seat[i] = (int8_t)seat;
        g->st_card[i] = (uint8_t)card;
        g->st_color[i] = (int8_t)color;
        g->st_honest[i] = (uint8_t)(honest != 0);
    }
    g->st_n = (int)n;
    return 1;
}

/* The checks both loaders make on a state, with the error they raise. */
static int check_state(const Cfg *f, int n, int current, int phase, int direction, int st_n,
                       int drawn) {
    const char *why = NULL;
    if (current < 0 || current >= n)
        why = "current must be a seat";
    else if (phase < PLAY || phase > PENALTY)
        why = "phase must be play, after_draw, choose_color or penalty";
    else if (direction != 1 && direction != -1)
        why = "direction must be 1 or -1";
    else if (phase == PENALTY && st_n < 1)
        why = "a pending penalty needs its draw cards (the stack)";
    else if (phase == AFTER_DRAW && (drawn < 0 || drawn >= f->kinds))
        why = "after a draw the drawn card must be given";
    if (why) PyErr_SetString(PyExc_ValueError, why);
    return why == NULL;
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

PyDoc_STRVAR(rollouts_doc,
"rollouts(cfg, deck, ranks, colors, state, pool, candidates, max_samples, seconds, seed,\n"
"         max_moves)\n"
"\n"
"Determinized evaluation for the expert bot. `state` is what seat `me` sees: (me, hand,\n"
"sizes, discard, color, direction, current, phase, pending, stack, drawn, called, window,\n"
"in_round, draw_pile_size, friends); stack: (seat, card, colour before) of each draw card\n"
"pending, oldest first; friends: bit mask of the seats whose win counts (me and\n"
"team-mates). Candidates are (type, card, colour or catch target, uno, swap target). Each sample deals the unseen `pool` at random to\n"
"the other hands and the draw pile, applies every candidate (type, card, color, uno) to a\n"
"copy and plays it out with the greedy policy. Stops after max_samples samples or `seconds`.\n"
"Returns (points per candidate, samples): 2 per win, 1 per unfinished round.");

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static PyObject *rollouts(PyObject *self, PyObject *args) {
    PyObject *cfg_tuple, *deck, *ranks, *colors, *state, *pool_obj, *cand_obj, *seed_obj;
    long max_samples, max_moves;
    double seconds;
    if (!PyArg_ParseTuple(args, "OOOOOOOldOl", &cfg_tuple, &deck, &ranks, &colors, &state,
                          &pool_obj, &cand_obj, &max_samples, &seconds, &seed_obj, &max_moves))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    int me, color, direction, current, phase, pending, drawn, pile_size;
    unsigned friends;
    PyObject *hand_o, *sizes_o, *disc_o, *called_o, *window_o, *inr_o, *stack_o;
    if (!PyArg_ParseTuple(state, "iOOOiiiiiOiOOOiI", &me, &hand_o, &sizes_o, &disc_o, &color,
                          &direction, &current, &phase, &pending, &stack_o, &drawn, &called_o,
                          &window_o, &inr_o, &pile_size, &friends))
        return NULL;
    Py_ssize_t st_n = PySequence_Size(stack_o);
    if (st_n < 0) return NULL;
    int n = cfg.players, hand[MAXC], sizes[MAXP], disc[MAXC], called[MAXP], window[MAXP],
        inr[MAXP], pool[MAXC], cand[64][5];
    int nh = card_list(hand_o, hand, MAXC / 2, "hand", &cfg);
    int ns = int_list(sizes_o, sizes, MAXP, "sizes");
    int ndisc = card_list(disc_o, disc, MAXC / 2, "discard", &cfg);
    int npool = card_list(pool_obj, pool, MAXC / 2, "pool", &cfg);
    int ncall = int_list(called_o, called, MAXP, "called"), nwin = int_list(window_o, window, MAXP, "window");
    int ninr = int_list(inr_o, inr, MAXP, "in_round");
    if (nh < 0 || ns < 0 || ndisc < 0 || npool < 0 || ncall < 0 || nwin < 0 || ninr < 0) return NULL;
    Py_ssize_t ncand = PySequence_Size(cand_obj);
    if (ncand < 0) return NULL;
    if (ns != n || ncall != n || nwin != n || ninr != n || me < 0 || me >= n || ndisc < 1 ||
        ncand < 1 || ncand > 64) {
        PyErr_SetString(PyExc_ValueError, "state does not fit the rules");
        return NULL;
    }
    if (!check_state(&cfg, n, current, phase, direction, (int)st_n, drawn)) return NULL;
    int hidden = pile_size;
    for (int s = 0; s < n; s++) {
        if (s != me && (sizes[s] < 0 || sizes[s] > MAXC / 2)) {
            PyErr_SetString(PyExc_ValueError, "a hand size out of range");
            return NULL;
        }
        if (s != me) hidden += sizes[s];
    }
    if (pile_size < 0 || hidden > npool || nh + ndisc + hidden > MAXC / 2) {
        PyErr_SetString(PyExc_ValueError, "the hidden places do not fit the unseen cards");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < ncand; i++) {
        PyObject *c = PySequence_GetItem(cand_obj, i);
        if (!c) return NULL;
        int ok = PyArg_ParseTuple(c, "iiiii", &cand[i][0], &cand[i][1], &cand[i][2], &cand[i][3],
                                  &cand[i][4]);
        Py_DECREF(c);
        if (!ok) return NULL;
        int type = cand[i][0], card = cand[i][1], arg = cand[i][2];
        int ok_move = type >= M_PLAY && type <= M_CHOOSE && card >= 0 && card < cfg.kinds;
        if (type == M_CATCH) ok_move = ok_move && arg >= 0 && arg < n;
        else if (type == M_CHOOSE) ok_move = ok_move && arg >= 0 && arg <= 3;
        else ok_move = ok_move && arg >= -1 && arg <= 3;
        if (type == M_PLAY && cfg.color_of[card] < 0) ok_move = ok_move && arg >= 0;
        int target = cand[i][4];
        ok_move = ok_move && (target == -1 || (type == M_PLAY && target >= 0 && target < n &&
                                               target != me && cfg.rank_of[card] == 7));
        if (!ok_move) {
            PyErr_SetString(PyExc_ValueError, "bad candidate move");
            return NULL;
        }
    }
    uint64_t rng = PyLong_AsUnsignedLongLongMask(seed_obj);
    if (PyErr_Occurred()) return NULL;
    Game *base = PyMem_Malloc(2 * sizeof(Game));
    if (!base) return PyErr_NoMemory();
    Game *g = base + 1;
    memset(base, 0, sizeof *base);
    if (!parse_stack(stack_o, base, &cfg, 0)) {
        PyMem_Free(base);
        return NULL;
    }
    long points[64] = {0}, done = 0;
    Py_BEGIN_ALLOW_THREADS
    double deadline = now_seconds() + seconds;
    set_public(base, &cfg, disc, ndisc, color, direction, current, phase, pending, drawn, called,
               window, inr);
    uint8_t shuffled[MAXC];
    while (done < max_samples) {
        for (int i = 0; i < npool; i++) shuffled[i] = (uint8_t)pool[i];
        shuffle(&rng, shuffled, npool);
        int k = npool;
        for (int s = 0; s < n; s++) {
            if (s == me) {
                for (int i = 0; i < nh; i++) base->hand[s][i] = (uint8_t)hand[i];
                base->hs[s] = nh;
            } else {
                for (int i = 0; i < sizes[s]; i++) base->hand[s][i] = shuffled[--k];
                base->hs[s] = sizes[s];
            }
        }
        memcpy(base->pile, shuffled, (size_t)pile_size);
        base->np = pile_size;
        for (int e = 0; e < base->st_n; e++) { /* a +4 was honest unless its player held */
            int who = base->st_seat[e];                /* a card of the colour it covered */
            base->st_honest[e] = 1;
            for (int i = 0; i < base->hs[who]; i++)
                if (cfg.color_of[base->hand[who][i]] == base->st_color[e]) base->st_honest[e] = 0;
        }
        for (Py_ssize_t c = 0; c < ncand; c++) {
            *g = *base;
            g->rng = rng; /* the same reshuffles for every candidate: a fair comparison */
            Move mv = {(uint8_t)cand[c][0], (uint8_t)cand[c][1], (uint8_t)cand[c][3],
                       (int8_t)cand[c][2], (int8_t)cand[c][4]};
            apply(g, &mv);
            points[c] += rollout(g, friends, max_moves);
        }
        done++;
        if ((done & 7) == 0 && now_seconds() >= deadline) break;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(base);
    PyObject *list = PyList_New(ncand);
    for (Py_ssize_t c = 0; list && c < ncand; c++)
        PyList_SET_ITEM(list, c, PyLong_FromLong(points[c]));
    if (!list) return NULL;
    return Py_BuildValue("Nl", list, done);
}

static int parse_cfg(PyObject *cfg_tuple, PyObject *deck, PyObject *ranks, PyObject *colors,
                     Cfg *f) {
    if (!PyArg_ParseTuple(cfg_tuple, "iiiiiiiiiiiiiiiiii", &f->players, &f->hand_size,
                          &f->dealer_random, &f->dealer_redraw, &f->start_reverse_right,
                          &f->draw_with_playable, &f->must_play, &f->draw_until, &f->wd4_rule,
                          &f->challenge, &f->challenge_fail_extra, &f->uno_penalty,
                          &f->catch_until_play, &f->stacking, &f->deflect, &f->jump_in,
                          &f->stack_all, &f->seven_zero))
        return 0;
    if (f->players < 2 || f->players > MAXP || f->hand_size < 1) {
        PyErr_SetString(PyExc_ValueError, "players must be 2-10 and hand_size at least 1");
        return 0;
    }
    Py_ssize_t nd = PySequence_Size(deck), nk = PySequence_Size(ranks);
    if (nd < 0 || nk < 0) return 0;
    if (nd > MAXC / 2 || nk > MAXK || PySequence_Size(colors) != nk ||
        (Py_ssize_t)f->players * f->hand_size >= nd) {
        PyErr_SetString(PyExc_ValueError, "deck or card tables out of range");
        return 0;
    }
    f->deck_len = (int)nd;
    for (Py_ssize_t i = 0; i < nk; i++) {
        PyObject *r = PySequence_GetItem(ranks, i), *c = PySequence_GetItem(colors, i);
        if (!r || !c) {
            Py_XDECREF(r);
            Py_XDECREF(c);
            return 0;
        }
        long rank = PyLong_AsLong(r), color = PyLong_AsLong(c);
        Py_DECREF(r);
        Py_DECREF(c);
        if (rank < 0 || rank > 17 || color < -1 || color > 3) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "card tables: a rank is 0-17, a colour -1-3");
            return 0;
        }
        f->rank_of[i] = (int8_t)rank;
        f->color_of[i] = (int8_t)color;
    }
    f->kinds = (int)nk;
    for (Py_ssize_t i = 0; i < nd; i++) {
        PyObject *c = PySequence_GetItem(deck, i);
        if (!c) return 0;
        long v = PyLong_AsLong(c);
        Py_DECREF(c);
        if (v < 0 || v >= nk) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "card id out of range");
            return 0;
        }
        f->deck[i] = (uint8_t)v;
    }
    return !PyErr_Occurred();
}

PyDoc_STRVAR(play_rounds_doc,
"play_rounds(cfg, deck, ranks, colors, first_seed, games, choice_state, max_moves)\n"
"\n"
"Deal `games` rounds (game i from seed first_seed + i) and play each to its end with\n"
"uniformly random legal moves of the seat to act, chosen by a SplitMix64 generator whose\n"
"state is `choice_state`. Returns (moves, wins, choice_state, hands, winner): the total\n"
"number of moves, the wins per seat, the generator's new state, and the last round's\n"
"hands and winner (-1 when it reached max_moves).");

static PyObject *play_rounds(PyObject *self, PyObject *args) {
    PyObject *cfg_tuple, *deck, *ranks, *colors, *first_obj, *state_obj;
    long games, max_moves;
    if (!PyArg_ParseTuple(args, "OOOOOlOl", &cfg_tuple, &deck, &ranks, &colors, &first_obj,
                          &games, &state_obj, &max_moves))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    uint64_t first = PyLong_AsUnsignedLongLongMask(first_obj);
    uint64_t choice = PyLong_AsUnsignedLongLongMask(state_obj);
    if (PyErr_Occurred()) return NULL;
    Game *g = PyMem_Malloc(sizeof(Game));
    if (!g) return PyErr_NoMemory();
    long total = 0, wins[MAXP] = {0};
    Py_BEGIN_ALLOW_THREADS
    for (long i = 0; i < games; i++) {
        setup(g, &cfg, first + (uint64_t)i);
        total += play_round(g, &choice, max_moves);
        if (g->winner >= 0) wins[g->winner]++;
    }
    Py_END_ALLOW_THREADS
    PyObject *win_list = PyList_New(cfg.players), *hands = PyList_New(cfg.players);
    for (int s = 0; s < cfg.players && win_list && hands; s++) {
        PyList_SET_ITEM(win_list, s, PyLong_FromLong(wins[s]));
        PyObject *h = PyList_New(games ? g->hs[s] : 0);
        for (int i = 0; h && games && i < g->hs[s]; i++)
            PyList_SET_ITEM(h, i, PyLong_FromLong(g->hand[s][i]));
        PyList_SET_ITEM(hands, s, h);
    }
    int winner = games ? g->winner : -1;
    PyMem_Free(g);
    if (!win_list || !hands) {
        Py_XDECREF(win_list);
        Py_XDECREF(hands);
        return NULL;
    }
    return Py_BuildValue("lNKNi", total, win_list, (unsigned long long)choice, hands, winner);
}

PyDoc_STRVAR(play_from_doc,
"play_from(cfg, deck, ranks, colors, state, choice_state, max_moves)\n"
"\n"
"Load a whole game state, every card known: (hands, draw_pile, discard, color, direction,\n"
"current, phase, pending, stack, drawn, called, window, in_round, game_rng_state), piles\n"
"bottom first, stack: (seat, card, colour before, honest) per pending draw card; play the\n"
"round to its end with uniformly random legal moves as play_rounds does. Returns (moves, winner, hands, choice_state,\n"
"game_rng_state); winner -1 when max_moves ran out.");

static PyObject *play_from(PyObject *self, PyObject *args) {
    PyObject *cfg_tuple, *deck, *ranks, *colors, *state, *choice_obj;
    long max_moves;
    if (!PyArg_ParseTuple(args, "OOOOOOl", &cfg_tuple, &deck, &ranks, &colors, &state,
                          &choice_obj, &max_moves))
        return NULL;
    Cfg cfg;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &cfg)) return NULL;
    PyObject *hands_o, *pile_o, *disc_o, *called_o, *window_o, *inr_o, *grng_o, *stack_o;
    int color, direction, current, phase, pending, drawn;
    if (!PyArg_ParseTuple(state, "OOOiiiiiOiOOOO", &hands_o, &pile_o, &disc_o, &color,
                          &direction, &current, &phase, &pending, &stack_o, &drawn, &called_o,
                          &window_o, &inr_o, &grng_o))
        return NULL;
    Py_ssize_t st_n = PySequence_Size(stack_o);
    if (st_n < 0) return NULL;
    int n = cfg.players, pile[MAXC], disc[MAXC], called[MAXP], window[MAXP], inr[MAXP];
    int np = card_list(pile_o, pile, MAXC / 2, "draw_pile", &cfg);
    int nd = card_list(disc_o, disc, MAXC / 2, "discard", &cfg);
    int nc = int_list(called_o, called, MAXP, "called"), nw = int_list(window_o, window, MAXP, "window");
    int ni = int_list(inr_o, inr, MAXP, "in_round");
    Py_ssize_t nh = PySequence_Size(hands_o);
    if (np < 0 || nd < 0 || nc < 0 || nw < 0 || ni < 0 || nh < 0) return NULL;
    if (nh != n || nc != n || nw != n || ni != n || nd < 1) {
        PyErr_SetString(PyExc_ValueError, "state does not fit the rules");
        return NULL;
    }
    if (!check_state(&cfg, n, current, phase, direction, (int)st_n, drawn)) return NULL;
    uint64_t choice = PyLong_AsUnsignedLongLongMask(choice_obj);
    uint64_t grng = PyLong_AsUnsignedLongLongMask(grng_o);
    if (PyErr_Occurred()) return NULL;
    Game *g = PyMem_Malloc(sizeof(Game));
    if (!g) return PyErr_NoMemory();
    memset(g, 0, sizeof *g);
    if (!parse_stack(stack_o, g, &cfg, 1)) {
        PyMem_Free(g);
        return NULL;
    }
    set_public(g, &cfg, disc, nd, color, direction, current, phase, pending, drawn, called,
               window, inr);
    g->rng = grng;
    int total = np + nd;
    for (int s = 0; s < n; s++) {
        int cards[MAXC];
        PyObject *h = PySequence_GetItem(hands_o, s);
        int k = h ? card_list(h, cards, MAXC / 2, "hand", &cfg) : -1;
        Py_XDECREF(h);
        if (k < 0) {
            PyMem_Free(g);
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
    long moves = play_round(g, &choice, max_moves);
    PyObject *hands = PyList_New(n);
    for (int s = 0; hands && s < n; s++) {
        PyObject *h = PyList_New(g->hs[s]);
        for (int i = 0; h && i < g->hs[s]; i++) PyList_SET_ITEM(h, i, PyLong_FromLong(g->hand[s][i]));
        PyList_SET_ITEM(hands, s, h);
    }
    int winner = g->phase == ROUND_OVER ? g->winner : -1;
    uint64_t grng_out = g->rng;
    PyMem_Free(g);
    if (!hands) return NULL;
    return Py_BuildValue("liNKK", moves, winner, hands, (unsigned long long)choice,
                         (unsigned long long)grng_out);
}

static PyMethodDef methods[] = {
    {"play_rounds", play_rounds, METH_VARARGS, play_rounds_doc},
    {"rollouts", rollouts, METH_VARARGS, rollouts_doc},
    {"play_from", play_from, METH_VARARGS, play_from_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastplay",
    "Random playouts in C, move for move the same as the Python engine (unokit.fastplay).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__fastplay(void) { return PyModule_Create(&module); }
