/* unokit.envs._vecenv: many UNO games stepped at once in C, numpy buffers in and out.
 *
 * The batched form of the AEC environment (unokit.envs.aec.UnoEnv) for the option subset
 * `unokit.envs.vector.unsupported` accepts: the C accelerator's rules (its engine is included
 * from unokit/sim/_fastplay.c: the same deal, legal moves in the same order, the same
 * effects), less what needs moves of several actions (seven_zero, jump-ins). Every game is one slot: its own generator of game seeds (the env's
 * `seed` generator of UnoEnv), the seat deciding, the out-of-turn chances offered clockwise
 * from the seat after the one to act (UNO calls, catches), the observation and the mask of
 * the seat deciding, exactly as UnoEnv.observe writes them. A game whose round ends (or that
 * reaches max_steps) is scored and dealt again from its generator (auto-reset), as
 * `UnoEnv.reset()` without a seed does. tests/envs/test_vector.py plays the same games in
 * both, action for action, and compares every observation, mask, reward and end.
 */
#include "../sim/_fastplay.c"

/* the layout of unokit.envs.actions and unokit.envs.observation (checked from Python) */
#define NA 309
#define A_PLAY_UNO 77
#define A_COLOR 206
#define A_DRAW 295
#define A_KEEP 296
#define A_CHALLENGE 297
#define A_UNO 298
#define A_CATCH 299
#define A_DECLINE 308
#define NOBS 1193
#define O_HAND 0
#define O_TOP 57
#define O_DISCARD 171
#define O_DRAWN 228
#define O_REVEALED 285
#define NK 57
#define O_COLOR 798
#define O_PHASE 802
#define O_FLAGS 806
#define O_SEATS 814
#define SEATF 7

/* who plays a seat (opponents mode): the learner, or a bot in C (unokit.bots.RandomBot,
 * unokit.bots.greedy.GreedyBot: the same choices, draw for draw) */
enum { OPP_LEARNER = 0, OPP_RANDOM = 1, OPP_GREEDY = 2 };
/* what a step did to a game: nothing ended, the round ended, truncated, an action not allowed */
enum { END_NONE = 0, END_TERMINAL = 1, END_TRUNCATED = 2, END_ILLEGAL = 3 };

typedef struct {
    Game g;
    uint64_t seeder; /* self-play: UnoEnv's generator of game seeds; opponents: UnoGymEnv's */
    uint64_t bot_rng[MAXP]; /* each bot's generator (Bot.rng), opponents mode */
    int acted; /* the seat whose action the last step was */
    Game fin;  /* the last round that ended (its hands score the final observation) */
    long long steps;
    int seat, out_of_turn, nq, qpos, queue_valid, nm;
    int ended; /* without auto-reset: 1 terminal, 2 truncated, until the next deal */
    int8_t queue[MAXP];
    int16_t tok[NA];
    uint8_t st_kinds[MAXST][NK]; /* the hand that played each +4 of the stack (by kind) */
    uint8_t shown[MAXP][MAXP];   /* shown[v][s]: seat v has seen the hand of seat s */
    uint8_t shown_kinds[MAXP][MAXP][NK]; /* that hand, as last shown (UnoEnv._revealed) */
    Move moves[MAXM];
} Slot;

typedef struct {
    PyObject_HEAD
    Cfg cfg;
    int teams, auto_reset;
    int learner;         /* opponents mode: the learner's seat; -1: every seat is the caller's */
    int illegal_lose;    /* 1: an action not allowed ends its game (its seat -1); 0: refused */
    int8_t opp[MAXP];    /* OPP_* of each seat */
    long long max_steps;
    int games;
    int kind_of[MAXK];
    uint64_t sampler; /* the generator of sample(): random allowed actions */
    Slot *slots;
} VecEnv;

/* legality.legal_moves of a seat other than the one to act, for this subset: call UNO with
 * one card held, catch whoever may be caught */
static int other_moves(const Game *g, int s, Move *m) {
    int k = 0;
    if (!g->in_round[s] || g->phase >= ROUND_OVER) return 0;
    if (!g->called[s] && g->hs[s] == 1) k = add(m, k, M_CALL, 0, -1, 0);
    int open = 0;
    for (int t = 0; t < g->n; t++) open |= g->window[t];
    if (open)
        for (int t = 0; t < g->n; t++)
            if (t != s && g->in_round[t] && g->window[t] && !g->called[t] && g->hs[t] == 1)
                k = add(m, k, M_CATCH, 0, t, 0);
    return k;
}

/* Game.apply of an UNO call or a catch by a seat other than the one to act */
static void apply_other(Game *g, int seat, const Move *mv) {
    if (g->precall && g->precall != seat + 1) {
        int p = g->precall - 1;
        if (g->hs[p] > 1) g->called[p] = 0;
        g->precall = 0;
    }
    if (mv->type == M_CALL) {
        g->called[seat] = 1;
        g->window[seat] = 0;
    } else {
        g->window[mv->color] = 0;
        draw_cards(g, mv->color, g->cfg->uno_penalty);
    }
}

/* unokit.envs.actions.move_tokens of a move of one action */
static int token_of(const VecEnv *e, const Game *g, int seat, const Move *mv) {
    switch (mv->type) {
    case M_PLAY: {
        int kind = e->kind_of[mv->card];
        int slot = kind < 52 ? kind : 52 + (kind - 52) * 5 + (mv->color < 0 ? 4 : mv->color);
        return (mv->uno ? A_PLAY_UNO : 0) + slot;
    }
    case M_DRAW:
        return A_DRAW;
    case M_PASS:
        return A_KEEP;
    case M_CHALLENGE:
        return A_CHALLENGE;
    case M_CALL:
        return A_UNO;
    case M_CATCH:
        return A_CATCH + (mv->color - seat + g->n) % g->n - 1;
    default:
        return A_COLOR + mv->color;
    }
}

static void set_tokens(const VecEnv *e, Slot *s) {
    for (int a = 0; a < NA; a++) s->tok[a] = -1;
    for (int i = s->nm - 1; i >= 0; i--) s->tok[token_of(e, &s->g, s->seat, &s->moves[i])] = (int16_t)i;
}

/* UnoEnv._next_decision: the out-of-turn chances first, clockwise from the seat after the one
 * to act, then the seat to act */
static void decide(const VecEnv *e, Slot *s) {
    Game *g = &s->g;
    if (!s->queue_valid) {
        s->nq = 0;
        s->qpos = 0;
        for (int r = 1; r < g->n; r++) {
            int t = (g->current + r) % g->n;
            if (other_moves(g, t, s->moves) > 0) s->queue[s->nq++] = (int8_t)t;
        }
        s->queue_valid = 1;
    }
    while (s->qpos < s->nq) {
        int t = s->queue[s->qpos++];
        int k = other_moves(g, t, s->moves);
        if (k > 0) {
            s->seat = t;
            s->out_of_turn = 1;
            s->nm = k;
            set_tokens(e, s);
            return;
        }
    }
    s->seat = g->current;
    s->out_of_turn = 0;
    s->nm = legal_moves(g, s->moves);
    set_tokens(e, s);
}

static int play_bots(const VecEnv *e, Slot *s, float *reward);

/* a new round in slot s, from its generator: UnoEnv.reset() without a seed (self-play), or
 * UnoGymEnv.reset() without a seed (opponents: a seed for the AEC env's generator, which gives
 * the game's seed, then one seed per bot in seat order; the bots then play until the learner
 * decides). With opponents a round that ends before the learner's first decision (never seen)
 * is dealt again. */
static int deal(const VecEnv *e, Slot *s) {
    for (int tries = 0; tries < 100; tries++) {
        memset(s->shown, 0, sizeof s->shown); /* UnoEnv.reset: nothing shown yet */
        s->ended = 0;
        uint64_t seed;
        if (e->learner >= 0) {
            uint64_t aec = next64(&s->seeder);
            seed = next64(&aec);
            for (int t = 0; t < e->cfg.players; t++)
                if (t != e->learner) s->bot_rng[t] = next64(&s->seeder);
        } else {
            seed = next64(&s->seeder);
        }
        int err = setup(&s->g, &e->cfg, seed);
        s->steps = 0;
        s->queue_valid = 0;
        s->acted = -1;
        if (err) return err;
        decide(e, s);
        if (e->learner < 0) return E_OK;
        float scratch[MAXP] = {0};
        if (play_bots(e, s, scratch) == END_NONE) return E_OK;
    }
    return E_STUCK;
}

/* play.challenge's run of +4s challenged (the last, or under stack_challenge = all the run of
 * +4s on top not played by the challenger), each player's hand shown to the challenger: the
 * newest entry of a seat wins, as the dict of shown hands does */
static void reveal(Slot *s, int seat) {
    const Game *g = &s->g;
    const Cfg *f = g->cfg;
    int run[MAXST], nr = 0;
    if (f->stack_all) {
        for (int i = g->st_n - 1; i >= 0 && f->rank_of[g->st_card[i]] == R_WD4; i--)
            if (g->st_seat[i] != seat) run[nr++] = i;
    } else if (g->st_n > 0) {
        run[nr++] = g->st_n - 1;
    }
    uint32_t done = 0; /* newest first: the first entry of each seat is the one kept */
    for (int k = 0; k < nr; k++) {
        int i = run[k], who = g->st_seat[i];
        if (done & (1u << who)) continue;
        done |= 1u << who;
        s->shown[seat][who] = 1;
        memcpy(s->shown_kinds[seat][who], s->st_kinds[i], NK);
    }
}

/* whether `action` is one the seat deciding in slot s may take */
static int allowed(const Slot *s, int64_t action) {
    return !s->ended && action >= 0 && action < NA &&
           (s->tok[action] >= 0 || (action == A_DECLINE && s->out_of_turn));
}

/* one action of the seat deciding in slot s (allowed); rewards of its seats on the round's
 * end; END_NONE, END_TERMINAL or END_TRUNCATED (nothing dealt) */
static int act(const VecEnv *e, Slot *s, int action, float *reward) {
    Game *g = &s->g;
    s->steps++;
    s->acted = s->seat;
    int end = END_NONE;
    if (s->out_of_turn && action == A_DECLINE) {
        decide(e, s);
    } else {
        Move mv = s->moves[s->tok[action]];
        int seat = s->seat;
        const Cfg *f = g->cfg;
        uint8_t snap[NK];
        int wd4 = mv.type == M_PLAY && f->rank_of[mv.card] == R_WD4;
        if (wd4) { /* play.resolve_play: the hand then, +4 included (a StackEntry's hand) */
            memset(snap, 0, sizeof snap);
            for (int i = 0; i < g->hs[seat]; i++) snap[e->kind_of[g->hand[seat][i]]]++;
        }
        if (mv.type == M_CHALLENGE) /* play.challenge: each player challenged shows a hand */
            reveal(s, seat);
        if (seat == g->current)
            apply(g, &mv);
        else
            apply_other(g, seat, &mv);
        if (wd4 && g->st_n > 0 && g->st_seat[g->st_n - 1] == seat &&
            g->st_card[g->st_n - 1] == mv.card)
            memcpy(s->st_kinds[g->st_n - 1], snap, NK);
        s->queue_valid = 0;
        if (g->phase == ROUND_OVER) {
            int w = g->winner, teams = e->teams;
            for (int t = 0; t < g->n; t++) {
                int same = teams ? t % teams == w % teams : t == w;
                reward[t] += same ? 1.0f : -1.0f;
            }
            end = END_TERMINAL;
        } else {
            decide(e, s);
        }
    }
    if (!end && e->max_steps && s->steps >= e->max_steps) end = END_TRUNCATED;
    return end;
}

/* the action of the bot deciding in slot s: RandomBot.act (out of turn it lets the chance
 * pass half the time, else a uniform legal move) or GreedyBot.act */
static int bot_action(const VecEnv *e, Slot *s) {
    const Game *g = &s->g;
    int seat = s->seat;
    if (e->opp[seat] == OPP_RANDOM) {
        uint64_t *rng = &s->bot_rng[seat];
        if (s->out_of_turn && below(rng, 2)) return A_DECLINE;
        return token_of(e, g, seat, &s->moves[below(rng, s->nm)]);
    }
    if (s->out_of_turn) { /* call UNO with one card held, else catch the first seat it may */
        for (int i = 0; i < s->nm; i++)
            if (s->moves[i].type == M_CALL && g->hs[seat] == 1) return A_UNO;
        for (int i = 0; i < s->nm; i++)
            if (s->moves[i].type == M_CATCH) return token_of(e, g, seat, &s->moves[i]);
        return A_DECLINE;
    }
    Move mv;
    greedy(g, &mv);
    int token = token_of(e, g, seat, &mv);
    if (mv.type == M_PLAY && g->hs[seat] == 2 && token < A_PLAY_UNO &&
        s->tok[token + A_PLAY_UNO] >= 0)
        token += A_PLAY_UNO; /* the same play, calling UNO */
    return token;
}

/* opponents mode: the bots decide until the learner does or the game ends */
static int play_bots(const VecEnv *e, Slot *s, float *reward) {
    int end = END_NONE;
    while (!end && s->seat != e->learner) end = act(e, s, bot_action(e, s), reward);
    return end;
}

static void observe_seat(const VecEnv *e, const Slot *s, int seat, int deciding, float *o,
                         int8_t *mask);

/* one step of slot s: its action (allowed, else END_ILLEGAL under illegal_lose), then the bots
 * until the learner decides; on an end the final observation of the seat that acted (or the
 * learner's) is written to `final` (when given) and the game is dealt again (auto-reset) */
static int step_slot(const VecEnv *e, Slot *s, int64_t action, float *reward, float *final,
                     int8_t *final_mask, int *err) {
    int end;
    if (!allowed(s, action)) { /* illegal_lose: the seat that erred loses, the game ends */
        s->acted = s->seat;
        reward[s->seat] = -1.0f;
        end = END_ILLEGAL;
    } else {
        end = act(e, s, (int)action, reward);
        if (!end && e->learner >= 0) end = play_bots(e, s, reward);
    }
    if (!end) return END_NONE;
    if (end == END_TERMINAL) s->fin = s->g;
    if (final) {
        /* UnoGymEnv's last observation: the learner's, still deciding after an action not
         * allowed (nothing changed) */
        int seat = e->learner >= 0 ? e->learner : s->acted;
        observe_seat(e, s, seat, end == END_ILLEGAL, final, final_mask);
    }
    if (e->auto_reset)
        *err = deal(e, s);
    else
        s->ended = end;
    return end;
}

/* UnoEnv.observe of `seat`; `deciding`: it is the seat deciding (else no mask, no chance) */
static void observe_seat(const VecEnv *e, const Slot *s, int seat, int deciding, float *o,
                         int8_t *mask) {
    const Game *g = &s->g;
    const int *kind = e->kind_of;
    int n = g->n;
    deciding = deciding && !s->ended;
    memset(o, 0, sizeof(float) * NOBS);
    memset(mask, 0, NA);
    for (int i = 0; i < g->hs[seat]; i++) o[O_HAND + kind[g->hand[seat][i]]] += 1.0f;
    if (g->nd) {
        o[O_TOP + kind[g->disc[g->nd - 1]]] = 1.0f;
        for (int i = 0; i < g->nd; i++) o[O_DISCARD + kind[g->disc[i]]] += 1.0f;
    }
    int live = g->phase < ROUND_OVER, mine = seat == g->current && live;
    if (mine && g->phase == AFTER_DRAW && g->drawn >= 0) o[O_DRAWN + kind[g->drawn]] = 1.0f;
    for (int t = 0; t < n; t++) {
        if (!s->shown[seat][t]) continue;
        float *r = o + O_REVEALED + ((t - seat + n) % n - 1) * NK;
        for (int k = 0; k < NK; k++) r[k] = (float)s->shown_kinds[seat][t][k];
    }
    if (g->color >= 0) o[O_COLOR + g->color] = 1.0f;
    if (g->phase <= PENALTY) o[O_PHASE + g->phase] = 1.0f;
    float *f = o + O_FLAGS;
    f[0] = (float)mine;
    f[1] = (float)(deciding && s->out_of_turn);
    f[2] = (float)(g->direction == 1);
    f[3] = (float)g->pending;
    f[4] = (float)g->np;
    f[7] = 1.0f; /* round 1: a batched episode is a round */
    for (int rel = 0; rel < n; rel++) {
        int t = (seat + rel) % n;
        float *r = o + O_SEATS + rel * SEATF;
        r[0] = (float)g->in_round[t];
        r[1] = (float)g->hs[t];
        r[2] = (float)g->called[t];
        r[3] = (float)(live && g->window[t] && g->hs[t] == 1 && !g->called[t] && g->in_round[t]);
        r[4] = (float)(live && t == g->current);
        r[5] = (float)(e->teams && t % e->teams == seat % e->teams);
    }
    if (!deciding) return;
    for (int i = 0; i < s->nm; i++) mask[token_of(e, g, seat, &s->moves[i])] = 1;
    if (s->out_of_turn) mask[A_DECLINE] = 1;
}

/* the layout of unokit.envs.state (checked from Python) */
#define S_HANDS 0
#define S_TOP (S_HANDS + MAXP * NK)
#define S_DISCARD (S_TOP + NK)
#define S_DRAW (S_DISCARD + NK)
#define S_DRAWN (S_DRAW + NK)
#define S_GROUP (S_DRAWN + NK)
#define S_COLOR (S_GROUP + NK)
#define S_PHASE (S_COLOR + 4)
#define S_FLAGS (S_PHASE + 4)
#define S_SEATS (S_FLAGS + 6)
#define S_SIZE (S_SEATS + MAXP * SEATF)

/* unokit.envs.state.state_of, less what the caller knows: whose decision it is (the seat's
 * field 5, and FLAGS+5) and the match scores (field 6: a batched episode is one round) */
static void state_of(const VecEnv *e, const Slot *s, float *o) {
    const Game *g = &s->g;
    const int *kind = e->kind_of;
    memset(o, 0, sizeof(float) * S_SIZE);
    for (int t = 0; t < g->n; t++)
        for (int i = 0; i < g->hs[t]; i++) o[S_HANDS + t * NK + kind[g->hand[t][i]]] += 1.0f;
    if (g->nd) o[S_TOP + kind[g->disc[g->nd - 1]]] = 1.0f;
    for (int i = 0; i < g->nd; i++) o[S_DISCARD + kind[g->disc[i]]] += 1.0f;
    for (int i = 0; i < g->np; i++) o[S_DRAW + kind[g->pile[i]]] += 1.0f;
    int live = g->phase < ROUND_OVER;
    if (live && g->phase == AFTER_DRAW && g->drawn >= 0) o[S_DRAWN + kind[g->drawn]] = 1.0f;
    if (g->color >= 0) o[S_COLOR + g->color] = 1.0f;
    if (g->phase <= PENALTY) o[S_PHASE + g->phase] = 1.0f;
    float *f = o + S_FLAGS;
    f[0] = (float)(g->direction == 1);
    f[1] = (float)g->pending;
    f[2] = (float)g->np;
    f[4] = 1.0f; /* round 1 */
    for (int t = 0; t < g->n; t++) {
        float *r = o + S_SEATS + t * SEATF;
        r[0] = (float)g->in_round[t];
        r[1] = (float)g->hs[t];
        r[2] = (float)g->called[t];
        r[3] = (float)(live && g->window[t] && g->hs[t] == 1 && !g->called[t] && g->in_round[t]);
        r[4] = (float)(live && t == g->current);
    }
}

static void observe(const VecEnv *e, const Slot *s, float *o, int8_t *mask) {
    observe_seat(e, s, s->seat, 1, o, mask);
}

static int get_buf(PyObject *o, Py_buffer *b, Py_ssize_t itemsize, Py_ssize_t count,
                   const char *what) {
    if (PyObject_GetBuffer(o, b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return 0;
    if (b->itemsize != itemsize || b->len != itemsize * count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of %zd bytes", what, count,
                     itemsize);
        PyBuffer_Release(b);
        return 0;
    }
    return 1;
}

static PyObject *deal_error(int err) {
    round_error(err, NULL);
    return NULL;
}

/* VecEnv(cfg, deck, ranks, colors, kind_of, games, teams, max_steps[, auto_reset[, learner,
 * opponents[, illegal_lose]]]): opponents, bytes of one OPP_* per seat (the learner's 0) */
static PyObject *vec_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    (void)kw;
    PyObject *cfg_tuple, *deck, *ranks, *colors, *kinds;
    long long games, teams, max_steps;
    int auto_reset = 1, learner = -1, illegal_lose = 0;
    const char *opp = NULL;
    Py_ssize_t nopp = 0;
    if (!PyArg_ParseTuple(args, "OOOOOLLL|piy#p", &cfg_tuple, &deck, &ranks, &colors, &kinds,
                          &games, &teams, &max_steps, &auto_reset, &learner, &opp, &nopp,
                          &illegal_lose))
        return NULL;
    if (games < 1 || games > 1000000 || teams < 0 || teams > 5 || max_steps < 0) {
        PyErr_SetString(PyExc_ValueError, "games 1-10**6, teams 0-5, max_steps >= 0");
        return NULL;
    }
    VecEnv *e = (VecEnv *)type->tp_alloc(type, 0);
    if (!e) return NULL;
    if (!parse_cfg(cfg_tuple, deck, ranks, colors, &e->cfg)) {
        Py_DECREF(e);
        return NULL;
    }
    int nk = int_list(kinds, e->kind_of, MAXK, -1, 56, "kind_of");
    if (nk < 0) {
        Py_DECREF(e);
        return NULL;
    }
    for (int i = 0; i < e->cfg.deck_len; i++) {
        if (e->cfg.deck[i] >= nk || e->kind_of[e->cfg.deck[i]] < 0) {
            PyErr_SetString(PyExc_ValueError, "kind_of must give the kind of every card");
            Py_DECREF(e);
            return NULL;
        }
    }
    if (learner >= e->cfg.players || learner < -1 ||
        (learner >= 0 && (!opp || nopp != e->cfg.players))) {
        PyErr_SetString(PyExc_ValueError, "learner: a seat, with one opponent code per seat");
        Py_DECREF(e);
        return NULL;
    }
    for (int t = 0; learner >= 0 && t < e->cfg.players; t++) {
        int code = opp[t];
        if ((t == learner) != (code == OPP_LEARNER) || code < 0 || code > OPP_GREEDY) {
            PyErr_SetString(PyExc_ValueError, "opponents: 0 at the learner's seat, 1 or 2 elsewhere");
            Py_DECREF(e);
            return NULL;
        }
        e->opp[t] = (int8_t)code;
    }
    e->learner = learner;
    e->illegal_lose = illegal_lose;
    e->games = (int)games;
    e->teams = (int)teams;
    e->auto_reset = auto_reset;
    e->max_steps = max_steps;
    e->slots = PyMem_Calloc((size_t)games, sizeof(Slot));
    if (!e->slots) {
        Py_DECREF(e);
        return PyErr_NoMemory();
    }
    return (PyObject *)e;
}

static void vec_dealloc(VecEnv *e) {
    PyMem_Free(e->slots);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

/* reset(seeds: uint64[games]): each game's generator of game seeds, then a deal */
static PyObject *vec_reset(VecEnv *e, PyObject *args) {
    PyObject *seeds_o;
    if (!PyArg_ParseTuple(args, "O", &seeds_o)) return NULL;
    Py_buffer b;
    if (!get_buf(seeds_o, &b, 8, e->games, "seeds")) return NULL;
    const uint64_t *seeds = b.buf;
    int err = E_OK;
    for (int i = 0; i < e->games && !err; i++) {
        e->slots[i].seeder = seeds[i];
        err = deal(e, &e->slots[i]);
    }
    PyBuffer_Release(&b);
    if (err) return deal_error(err);
    Py_RETURN_NONE;
}

/* observe(obs: float32[games, 1193], masks: int8[games, 309], seats: int32[games]) */
static PyObject *vec_observe(VecEnv *e, PyObject *args) {
    PyObject *oo, *mo, *so;
    if (!PyArg_ParseTuple(args, "OOO", &oo, &mo, &so)) return NULL;
    Py_buffer ob, mb, sb;
    if (!get_buf(oo, &ob, 4, (Py_ssize_t)e->games * NOBS, "obs")) return NULL;
    if (!get_buf(mo, &mb, 1, (Py_ssize_t)e->games * NA, "masks")) {
        PyBuffer_Release(&ob);
        return NULL;
    }
    if (!get_buf(so, &sb, 4, e->games, "seats")) {
        PyBuffer_Release(&ob);
        PyBuffer_Release(&mb);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < e->games; i++) {
        observe(e, &e->slots[i], (float *)ob.buf + (size_t)i * NOBS,
                (int8_t *)mb.buf + (size_t)i * NA);
        ((int32_t *)sb.buf)[i] = e->slots[i].seat;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ob);
    PyBuffer_Release(&mb);
    PyBuffer_Release(&sb);
    Py_RETURN_NONE;
}

/* step(actions: int64[games], rewards: float32[games, players], ends: int8[games][, final_obs:
 * float32[games, 1193], final_masks: int8[games, 309]]): ends holds END_*; a game that ended
 * has its final observation in final_obs (when given) and is dealt again */
static PyObject *vec_step(VecEnv *e, PyObject *args) {
    PyObject *ao, *ro, *eo, *fo = Py_None, *fmo = Py_None;
    if (!PyArg_ParseTuple(args, "OOO|OO", &ao, &ro, &eo, &fo, &fmo)) return NULL;
    Py_buffer ab, rb, eb, fb = {0}, fmb = {0};
    int n = e->cfg.players, finals = fo != Py_None;
    if (!get_buf(ao, &ab, 8, e->games, "actions")) return NULL;
    if (!get_buf(ro, &rb, 4, (Py_ssize_t)e->games * n, "rewards")) {
        PyBuffer_Release(&ab);
        return NULL;
    }
    if (!get_buf(eo, &eb, 1, e->games, "ends")) {
        PyBuffer_Release(&ab);
        PyBuffer_Release(&rb);
        return NULL;
    }
    if (finals && !get_buf(fo, &fb, 4, (Py_ssize_t)e->games * NOBS, "final_obs")) {
        PyBuffer_Release(&ab);
        PyBuffer_Release(&rb);
        PyBuffer_Release(&eb);
        return NULL;
    }
    if (finals && !get_buf(fmo, &fmb, 1, (Py_ssize_t)e->games * NA, "final_masks")) {
        PyBuffer_Release(&ab);
        PyBuffer_Release(&rb);
        PyBuffer_Release(&eb);
        PyBuffer_Release(&fb);
        return NULL;
    }
    const int64_t *actions = ab.buf;
    /* unless an action not allowed loses its game, every action is checked before any game
     * moves: a refused batch changes nothing, and the message names every game at fault */
    int bad = 0;
    for (int i = 0; i < e->games && !e->illegal_lose; i++) {
        const Slot *s = &e->slots[i];
        if (!allowed(s, actions[i])) bad++;
    }
    if (bad) {
        char text[400];
        int len = 0;
        for (int i = 0, shown = 0; i < e->games && shown < 5; i++) {
            if (allowed(&e->slots[i], actions[i])) continue;
            len += snprintf(text + len, sizeof text - (size_t)len, "%sgame %d: action %lld",
                            shown ? "; " : "", i, (long long)actions[i]);
            shown++;
        }
        PyErr_Format(PyExc_ValueError, "%s%s not allowed now (%d game%s; nothing was played)",
                     text, bad > 5 ? "; ..." : "", bad, bad > 1 ? "s" : "");
        PyBuffer_Release(&ab);
        PyBuffer_Release(&rb);
        PyBuffer_Release(&eb);
        if (finals) {
            PyBuffer_Release(&fb);
            PyBuffer_Release(&fmb);
        }
        return NULL;
    }
    int err = E_OK;
    Py_BEGIN_ALLOW_THREADS
    memset(rb.buf, 0, sizeof(float) * (size_t)e->games * (size_t)n);
    for (int i = 0; i < e->games; i++) {
        int one = E_OK;
        ((int8_t *)eb.buf)[i] = (int8_t)step_slot(
            e, &e->slots[i], actions[i], (float *)rb.buf + (size_t)i * n,
            finals ? (float *)fb.buf + (size_t)i * NOBS : NULL,
            finals ? (int8_t *)fmb.buf + (size_t)i * NA : NULL, &one);
        if (one) err = one;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ab);
    PyBuffer_Release(&rb);
    PyBuffer_Release(&eb);
    if (finals) {
        PyBuffer_Release(&fb);
        PyBuffer_Release(&fmb);
    }
    if (err) return deal_error(err);
    Py_RETURN_NONE;
}

/* sample(actions: int64[games], seed or None): a uniformly random allowed action per game, from
 * the env's own generator (seeded here when a seed is given) */
static PyObject *vec_sample(VecEnv *e, PyObject *args) {
    PyObject *ao, *seed_o = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &ao, &seed_o)) return NULL;
    if (seed_o != Py_None && !get_u64(seed_o, "seed", &e->sampler)) return NULL;
    Py_buffer ab;
    if (!get_buf(ao, &ab, 8, e->games, "actions")) return NULL;
    int64_t *out = ab.buf;
    for (int i = 0; i < e->games; i++) {
        const Slot *s = &e->slots[i];
        int k = below(&e->sampler, s->nm + s->out_of_turn);
        out[i] = k < s->nm ? token_of(e, &s->g, s->seat, &s->moves[k]) : A_DECLINE;
    }
    PyBuffer_Release(&ab);
    Py_RETURN_NONE;
}

static Slot *slot_at(VecEnv *e, int i) {
    if (i < 0 || i >= e->games) {
        PyErr_SetString(PyExc_IndexError, "no such game");
        return NULL;
    }
    return &e->slots[i];
}

/* deal(i): deal game i again from its generator (UnoEnv.reset without a seed) */
static PyObject *vec_deal(VecEnv *e, PyObject *args) {
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    Slot *s = slot_at(e, i);
    if (!s) return NULL;
    int err = deal(e, s);
    if (err) return deal_error(err);
    Py_RETURN_NONE;
}

/* state(i): (seat deciding, out of turn, ended, winner, seat that acted last) of game i */
static PyObject *vec_state(VecEnv *e, PyObject *args) {
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    Slot *s = slot_at(e, i);
    if (!s) return NULL;
    return Py_BuildValue("(iiiii)", s->seat, s->out_of_turn, s->ended, s->g.winner, s->acted);
}

/* observe_one(i, seat, deciding, obs: float32[1193], mask: int8[309]) */
static PyObject *vec_observe_one(VecEnv *e, PyObject *args) {
    int i, seat, deciding;
    PyObject *oo, *mo;
    if (!PyArg_ParseTuple(args, "iipOO", &i, &seat, &deciding, &oo, &mo)) return NULL;
    Slot *s = slot_at(e, i);
    if (!s) return NULL;
    if (seat < 0 || seat >= e->cfg.players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    Py_buffer ob, mb;
    if (!get_buf(oo, &ob, 4, NOBS, "obs")) return NULL;
    if (!get_buf(mo, &mb, 1, NA, "mask")) {
        PyBuffer_Release(&ob);
        return NULL;
    }
    observe_seat(e, s, seat, deciding && seat == s->seat, ob.buf, mb.buf);
    PyBuffer_Release(&ob);
    PyBuffer_Release(&mb);
    Py_RETURN_NONE;
}

/* hands(i): every hand of game i (for tests) */
static PyObject *vec_hands(VecEnv *e, PyObject *args) {
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    if (i < 0 || i >= e->games) {
        PyErr_SetString(PyExc_IndexError, "no such game");
        return NULL;
    }
    return hands_list(&e->slots[i].g, e->cfg.players, 1);
}

/* final_hands(i): (every hand, winner) of the last round of game i that ended, which
 * auto-reset has dealt again (to score the final observation as UnoEnv does) */
static PyObject *vec_final_hands(VecEnv *e, PyObject *args) {
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    Slot *s = slot_at(e, i);
    if (!s) return NULL;
    PyObject *hands = hands_list(&s->fin, e->cfg.players, 1);
    if (!hands) return NULL;
    return Py_BuildValue("(Ni)", hands, s->fin.winner);
}

/* states(out: float32[games, S_SIZE]): every game's state (unokit.envs.state) */
static PyObject *vec_states(VecEnv *e, PyObject *args) {
    PyObject *oo;
    if (!PyArg_ParseTuple(args, "O", &oo)) return NULL;
    Py_buffer ob;
    if (!get_buf(oo, &ob, 4, (Py_ssize_t)e->games * S_SIZE, "states")) return NULL;
    for (int i = 0; i < e->games; i++) state_of(e, &e->slots[i], (float *)ob.buf + (size_t)i * S_SIZE);
    PyBuffer_Release(&ob);
    Py_RETURN_NONE;
}

static PyObject *vec_layout(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return Py_BuildValue("(iiiiiiiiiiiiiiiiiiii)", NA, A_PLAY_UNO, A_COLOR, A_DRAW, A_KEEP,
                         A_CHALLENGE, A_UNO, A_CATCH, A_DECLINE, NOBS, O_HAND, O_TOP,
                         O_DISCARD, O_DRAWN, O_COLOR, O_PHASE, O_FLAGS, O_SEATS, SEATF,
                         S_SIZE);
}

static PyMethodDef vec_methods[] = {
    {"reset", (PyCFunction)vec_reset, METH_VARARGS, "reset(seeds)"},
    {"observe", (PyCFunction)vec_observe, METH_VARARGS, "observe(obs, masks, seats)"},
    {"step", (PyCFunction)vec_step, METH_VARARGS, "step(actions, rewards, ends)"},
    {"hands", (PyCFunction)vec_hands, METH_VARARGS, "hands(game)"},
    {"final_hands", (PyCFunction)vec_final_hands, METH_VARARGS, "final_hands(game)"},
    {"states", (PyCFunction)vec_states, METH_VARARGS, "states(out)"},
    {"sample", (PyCFunction)vec_sample, METH_VARARGS, "sample(actions, seed=None)"},
    {"deal", (PyCFunction)vec_deal, METH_VARARGS, "deal(game)"},
    {"state", (PyCFunction)vec_state, METH_VARARGS, "state(game)"},
    {"observe_one", (PyCFunction)vec_observe_one, METH_VARARGS,
     "observe_one(game, seat, deciding, obs, mask)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject VecEnvType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "unokit.envs._vecenv.VecEnv",
    .tp_basicsize = sizeof(VecEnv),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = vec_new,
    .tp_dealloc = (destructor)vec_dealloc,
    .tp_methods = vec_methods,
    .tp_doc = "Many UNO games stepped at once (see unokit.envs.vector).",
};

static PyMethodDef vec_module_methods[] = {
    {"layout", vec_layout, METH_NOARGS, "the action and observation offsets compiled in"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef vec_module = {
    PyModuleDef_HEAD_INIT, "_vecenv", "Batched UNO environments in C (unokit.envs.vector).",
    -1, vec_module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__vecenv(void) {
    if (PyType_Ready(&VecEnvType) < 0) return NULL;
    PyObject *m = PyModule_Create(&vec_module);
    if (!m) return NULL;
    Py_INCREF(&VecEnvType);
    if (PyModule_AddObject(m, "VecEnv", (PyObject *)&VecEnvType) < 0) {
        Py_DECREF(&VecEnvType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
