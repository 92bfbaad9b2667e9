/* A complete game of Ora et Labora between two random players, through libolab.
 *
 *   cc capi_example.c $(olab capi --cflags --libs) -o capi_example && ./capi_example
 */
#include <stdio.h>
#include <stdlib.h>

#include "olab.h"

int main(void)
{
    const char* config = "{\"game\": \"ora_et_labora\", \"players\": 2, \"variant\": \"france\","
                         " \"length\": \"long\", \"rules\": \"printed\"}";
    olab_state* game = olab_new(config, 42);
    if (game == NULL) {
        fprintf(stderr, "olab_new: %s\n", olab_last_error());
        return 1;
    }

    int capacity = olab_num_distinct_actions(game);   /* an upper bound on the legal actions */
    int32_t* legal = malloc(sizeof(int32_t) * (size_t)capacity);
    unsigned rng = 1;
    int moves = 0;

    while (!olab_is_terminal(game)) {
        int n = olab_legal_actions(game, legal, capacity);
        if (n <= 0) {
            fprintf(stderr, "olab_legal_actions: %s\n", olab_last_error());
            return 1;
        }
        rng = rng * 1103515245u + 12345u;
        int32_t action = legal[(rng >> 16) % (unsigned)n];
        if (moves < 5) {                               /* the first moves, as text */
            char text[128];
            olab_action_to_string(game, action, text, sizeof text);
            printf("seat %d plays %s\n", olab_current_player(game), text);
        }
        if (olab_apply(game, action) != OLAB_OK) {
            fprintf(stderr, "olab_apply: %s\n", olab_last_error());
            return 1;
        }
        moves++;
    }

    double scores[4];          /* points; a game may count halves */
    int seats = olab_scores(game, scores, 4);
    printf("game over after %d actions:", moves);
    for (int i = 0; i < seats; i++)
        printf(" seat %d has %g points;", i, scores[i]);
    printf("\n");

    /* the whole final position as JSON: ask for the length, then fetch it */
    int length = olab_to_json(game, OLAB_FULL_VIEW, NULL, 0);
    char* json = malloc((size_t)length + 1);
    olab_to_json(game, OLAB_FULL_VIEW, json, (size_t)length + 1);
    printf("%d bytes of JSON, starting %.40s...\n", length, json);

    /* errors are codes and messages, never crashes */
    if (olab_apply(game, 0) == OLAB_ERR_ILLEGAL)
        printf("as expected: %s\n", olab_last_error());
    olab_free(game);
    if (olab_undo(game) == OLAB_ERR_HANDLE)
        printf("as expected: %s\n", olab_last_error());

    /* 100 random games in compiled code: how long are they? */
    int64_t lengths[100];
    long long total = 0;
    olab_random_playouts(config, 1, 100, lengths);
    for (int i = 0; i < 100; i++)
        total += lengths[i];
    printf("100 random games: %.1f actions on average\n", total / 100.0);

    free(json);
    free(legal);
    return 0;
}
