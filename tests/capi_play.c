/*
 * A C client of libolab for tests/test_capi.py.
 *
 *   capi_play CONFIG_JSON SEED RNG_SEED
 *
 * plays one complete game with uniformly random moves (its own generator,
 * seeded with RNG_SEED), checks the error paths of the API on the way, and
 * prints what the Python side compares, one "key values..." line each:
 *
 *   check <name> <result>     an error path (the test knows what to expect)
 *   actions <a0> <a1> ...     the moves played
 *   scores <s0> <s1> ...      the final scores
 *   ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "olab.h"

static uint64_t rng_state;

static uint32_t next_random(void)             /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ULL) >> 32);
}

static void check(const char* name, int result)
{
    printf("check %s %d %d\n", name, result, olab_last_error_code());
    if (OLAB_IS_ERROR(result) && olab_last_error()[0] == '\0')
        printf("check %s_message_missing 1 0\n", name);
}

/* olab_new() with a bad configuration: prints -1 when it returned NULL */
static void check_new(const char* name, const char* config)
{
    olab_state* g = olab_new(config, 1);
    printf("check %s %d %d\n", name, g == NULL ? -1 : 0, olab_last_error_code());
    olab_free(g);
}

int main(int argc, char** argv)
{
    const char* config = argc > 1 ? argv[1] : NULL;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
    int32_t legal[8192], small[1];
    double scores[8], small_scores[1];
    int64_t counts[5];
    int n, i, moves = 0, capacity;
    olab_state *game, *freed, *other;
    char tiny[4];
    char* json;

    rng_state = (argc > 3 ? strtoull(argv[3], NULL, 10) : 1) * 2 + 1;
    printf("abi %d %d\n", olab_abi_version(), OLAB_ABI_VERSION);

    /* bad configurations give NULL and a message */
    check_new("bad_json", "{\"players\": ");
    printf("message %s\n", olab_last_error());
    check_new("bad_players", "{\"players\": 7}");
    check_new("not_object", "[1, 2]");
    check_new("bad_utf8", "{\"variant\": \"\xff\"}");
    check_new("unknown_key", "{\"player\": 2}");

    /* NULL, freed and made-up handles */
    check("null_apply", olab_apply(NULL, 0));
    check("null_legal", olab_legal_actions(NULL, legal, 10));
    check("null_player", olab_current_player(NULL));
    check("null_json", olab_to_json(NULL, OLAB_FULL_VIEW, NULL, 0));
    check("null_actions", olab_num_distinct_actions(NULL));
    olab_free(NULL);                                        /* ignored */
    freed = olab_new(config, seed);
    if (freed == NULL) {
        printf("error %s\n", olab_last_error());
        return 1;
    }
    olab_free(freed);
    check("freed_apply", olab_apply(freed, 0));
    check("freed_terminal", olab_is_terminal(freed));
    check("freed_scores", olab_scores(freed, scores, 8));
    (void)olab_random_playouts(NULL, 0, -1, NULL);         /* leaves OLAB_ERR_ARGUMENT */
    olab_free(freed);                                       /* a double free is an error, not a crash */
    check("double_free", olab_last_error_code());
    check("bogus_handle", olab_undo((olab_state*)&rng_state));

    game = olab_new(config, seed);
    other = olab_new("{\"players\": 1, \"chance\": \"explicit\"}", 5);   /* a second live game */
    if (game == NULL || other == NULL) {
        printf("error %s\n", olab_last_error());
        return 1;
    }
    capacity = olab_num_distinct_actions(game);
    printf("num_distinct_actions %d\n", capacity);
    {   /* the other game starts at a chance node: the seating */
        int32_t outcomes[8];
        double probs[8], total = 0;
        int k = olab_chance_outcomes(other, outcomes, probs, 8);
        for (i = 0; i < k; i++)
            total += probs[i];
        printf("chance %d %d %.6f %d\n", olab_current_player(other), k, total,
               olab_chance_outcomes(game, NULL, NULL, 0));
        check("chance_small", olab_chance_outcomes(other, outcomes, probs, 1));
        check("chance_half_null", olab_chance_outcomes(other, outcomes, NULL, 8));
        check("seating", olab_apply(other, outcomes[k - 1]));
    }
    check("undo_at_start", olab_undo(game));
    check("legal_count", olab_legal_actions(game, NULL, 0));
    check("legal_null_with_capacity", olab_legal_actions(game, NULL, 5));
    check("legal_small", olab_legal_actions(game, small, 1));
    check("legal_negative", olab_legal_actions(game, legal, -1));
    check("scores_small", olab_scores(game, small_scores, 1));
    check("illegal_id", olab_apply(game, capacity + 5));
    check("negative_id", olab_apply(game, -3));
    check("json_small", olab_to_json(game, OLAB_FULL_VIEW, tiny, sizeof tiny));
    check("json_bad_player", olab_to_json(game, 7, NULL, 0));
    {
        uint8_t* mask = malloc((size_t)capacity);
        int legal_n = olab_legal_actions(game, NULL, 0), marked = 0;
        check("mask_small", olab_legal_actions_mask(game, mask, capacity - 1));
        check("mask_size", olab_legal_actions_mask(game, NULL, 0));
        check("mask_null_with_capacity", olab_legal_actions_mask(game, NULL, capacity));
        check("json_null_with_capacity", olab_to_json(game, OLAB_FULL_VIEW, NULL, 16));
        check("mask", olab_legal_actions_mask(game, mask, capacity));
        for (i = 0; i < capacity; i++)
            marked += mask[i];
        printf("mask %d %d\n", marked, legal_n);
        free(mask);
    }
    check("text_out_of_range", olab_action_to_string(game, -1, tiny, sizeof tiny));
    check("notation", olab_string_to_action(game, "FLY AWAY"));
    check("notation_null", olab_string_to_action(game, NULL));
    check("playouts_negative", olab_random_playouts(config, 1, -1, counts));
    check("playouts_bad_config", olab_random_playouts("{\"length\": 3}", 1, 1, counts));
    check("other_player", olab_current_player(other));
    n = olab_legal_actions(game, legal, capacity);
    for (i = 0; i < capacity; i++) {                        /* the first illegal id */
        int j, legal_id = 0;
        for (j = 0; j < n; j++)
            legal_id |= legal[j] == i;
        if (!legal_id) {
            check("illegal_legal_range", olab_apply(game, i));
            break;
        }
    }
    check("moves_after_errors", olab_legal_actions(game, NULL, 0));

    /* a complete game */
    printf("actions");
    while (!olab_is_terminal(game)) {
        char text[256];
        int a, back;
        if (olab_current_player(game) == -1) {              /* a chance node: any outcome */
            double probs[256];
            n = olab_chance_outcomes(game, legal, probs, 256);
            if (n <= 0) {
                printf("\nerror chance %d %s\n", n, olab_last_error());
                return 1;
            }
            a = legal[next_random() % (uint32_t)n];
            if (olab_apply(game, a) != OLAB_OK) {
                printf("\nerror apply %d %s\n", a, olab_last_error());
                return 1;
            }
            printf(" %d", a);
            moves++;
            continue;
        }
        n = olab_legal_actions(game, legal, capacity);
        if (n <= 0) {
            printf("\nerror legal %d %s\n", n, olab_last_error());
            return 1;
        }
        a = legal[next_random() % (uint32_t)n];
        if (moves % 97 == 0) {                              /* text round trip, and undo */
            if (olab_action_to_string(game, a, text, sizeof text) < 0
                || (back = olab_string_to_action(game, text)) != a) {
                printf("\nerror text %d %s\n", a, olab_last_error());
                return 1;
            }
            if (olab_apply(game, a) != OLAB_OK || olab_undo(game) != OLAB_OK) {
                printf("\nerror undo %s\n", olab_last_error());
                return 1;
            }
        }
        if (olab_current_player(game) < 0 || olab_apply(game, a) != OLAB_OK) {
            printf("\nerror apply %d %s\n", a, olab_last_error());
            return 1;
        }
        printf(" %d", a);
        moves++;
    }
    printf("\n");
    printf("current_player %d\n", olab_current_player(game));
    printf("truncated %d\n", olab_is_truncated(game));
    printf("legal_at_end %d\n", olab_legal_actions(game, legal, capacity));
    n = olab_scores(game, scores, 8);
    printf("scores");
    for (i = 0; i < n; i++)
        printf(" %g", scores[i]);
    printf("\n");

    n = olab_outcome_json(game, NULL, 0);
    json = malloc((size_t)n + 1);
    check("outcome_exact", olab_outcome_json(game, json, (size_t)n));          /* one byte short: the NUL */
    olab_outcome_json(game, json, (size_t)n + 1);
    printf("outcome %s\n", json);
    free(json);

    n = olab_to_json(game, OLAB_FULL_VIEW, NULL, 0);
    json = malloc((size_t)n + 1);
    check("json_exact", olab_to_json(game, OLAB_FULL_VIEW, json, (size_t)n));     /* one byte short: the NUL */
    printf("json_length %d %d\n", n, olab_to_json(game, OLAB_FULL_VIEW, json, (size_t)n + 1));
    printf("json_view_length %d\n", olab_to_json(game, 0, NULL, 0));
    printf("json %s\n", json);
    free(json);

    printf("playouts %d", olab_random_playouts(config, seed, 5, counts));
    for (i = 0; i < 5; i++)
        printf(" %lld", (long long)counts[i]);
    printf("\n");
    printf("playouts_null %d\n", olab_random_playouts(NULL, seed, 2, NULL));

    olab_free(game);
    olab_free(other);
    check("freed_at_end", olab_current_player(game));
    printf("done\n");
    return 0;
}
