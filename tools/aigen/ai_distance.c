/* Distances to the enemy camp over the links (ai_distance.h). */
#include "ai_distance.h"

#include "rules/rules_sets.h"

void ai_link_list(uint8_t set, uint8_t side, uint8_t p, uint8_t out[AI_LINK_SLOTS])
{
    const uint8_t flags = rules_set_flags(set);
    uint8_t n = 0;
    for (uint8_t slot = 0; slot < RULES_MAX_DEGREE; slot++) {
        bool extra;
        const uint8_t t = rules_neighbour(p, slot, &extra);
        if (t == RULES_NO_POINT)
            break;
        if (extra && !(flags & RS_EXTRA_LINK))
            continue;
        if ((flags & RS_FORWARD_ONLY) &&
            (side == RULES_WHITE ? rules_row(t) < rules_row(p) : rules_row(t) > rules_row(p)))
            continue;
        out[n++] = t;
    }
    while (n < AI_LINK_SLOTS)
        out[n++] = AI_LINK_END;
}

/* breadth-first by relaxation: few points, run once per table */
void ai_distances(uint8_t set, uint8_t side, uint8_t dist[RULES_POINTS])
{
    const uint32_t camp = rules_enemy_camp(side);
    for (uint8_t p = 0; p < RULES_POINTS; p++)
        dist[p] = (camp & RULES_BIT(p)) ? 0 : AI_DISTANCE_NEVER;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint8_t p = 0; p < RULES_POINTS; p++) {
            if (camp & RULES_BIT(p))
                continue;
            uint8_t links[AI_LINK_SLOTS];
            ai_link_list(set, side, p, links);
            for (uint8_t i = 0; i < AI_LINK_SLOTS && links[i] != AI_LINK_END; i++) {
                const uint8_t t = links[i];
                if (dist[t] != AI_DISTANCE_NEVER && dist[t] + 1 < dist[p]) {
                    dist[p] = (uint8_t)(dist[t] + 1);
                    changed = 1;
                }
            }
        }
    }
}

uint8_t ai_distance_max(const uint8_t dist[RULES_POINTS])
{
    uint8_t maxd = 0;
    for (uint8_t p = 0; p < RULES_POINTS; p++)
        if (dist[p] != AI_DISTANCE_NEVER && dist[p] > maxd)
            maxd = dist[p];
    return maxd;
}
