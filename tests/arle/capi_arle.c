/*
 * A C client of libolab for tests/arle/test_arle_capi.py: one random game of
 * Fields of Arle through the C interface.
 *
 *   capi_arle CONFIG_JSON SEED RNG_SEED
 *
 * prints "actions ...", "scores ...", "text <action text of the first move>",
 * "json_ok 1" and "done".
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

int main(int argc, char** argv)
{
    int32_t legal[1024];
    double scores[4];
    char text[256];
    static char json[1 << 20];
    int n, i, first = 1;
    olab_state* st;
    if (argc < 4)
        return 2;
    rng_state = strtoull(argv[3], NULL, 10) * 2 + 1;
    st = olab_new(argv[1], strtoull(argv[2], NULL, 10));
    if (st == NULL) {
        printf("error %s\n", olab_last_error());
        return 1;
    }
    printf("actions");
    while (!olab_is_terminal(st)) {
        n = olab_legal_actions(st, legal, 1024);
        if (n <= 0) {
            printf("\nerror legal %d %s\n", n, olab_last_error());
            return 1;
        }
        i = (int)(next_random() % (uint32_t)n);
        if (first) {
            olab_action_to_string(st, legal[i], text, sizeof text);
            first = 0;
        }
        if (olab_apply(st, legal[i]) != 0) {
            printf("\nerror apply %s\n", olab_last_error());
            return 1;
        }
        printf(" %d", legal[i]);
    }
    printf("\nscores");
    n = olab_scores(st, scores, 4);
    for (i = 0; i < n; i++)
        printf(" %g", scores[i]);
    printf("\ntext %s\n", text);
    n = olab_to_json(st, -1, json, sizeof json);
    printf("json_ok %d\n", n > 0 && json[0] == '{');
    olab_free(st);
    printf("done\n");
    return 0;
}
