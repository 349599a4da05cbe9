/* Building a position piece by piece, and the position as bytes. The only
 * code besides rules.c that knows the layout of rules_pos_t. */
#include "rules.h"

#include "flash.h"

void rules_pos_empty(rules_pos_t *p, uint8_t set, uint8_t side_to_move)
{
    p->men[RULES_WHITE] = p->men[RULES_BLACK] = 0;
    p->marked = ((uint32_t)set << RULES_SET_SHIFT) | (side_to_move ? RULES_STM_BIT : 0u);
    p->hand[0] = p->hand[1] = 0;
    p->chain[0] = p->chain[1] = RULES_CHAIN_NONE;
}

void rules_put(rules_pos_t *p, uint8_t side, uint8_t point, bool marked)
{
    p->men[side] |= RULES_BIT(point);
    if (marked)
        p->marked |= RULES_BIT(point);
}

void rules_set_hand(rules_pos_t *p, uint8_t side, uint8_t captured, uint8_t ready)
{
    p->hand[side] = (uint8_t)((p->hand[side] & RULES_HAND_CHAIN) | (captured & RULES_HAND_CAPTURED) |
                              ((ready << 3) & RULES_HAND_READY));
}

bool rules_set_chain(rules_pos_t *p, uint8_t side, uint8_t from, uint8_t to, uint8_t length)
{
    if (from >= RULES_POINTS || to >= RULES_POINTS || length < 1u || length > 4u)
        return false;
    const uint8_t slot = rules_link_slot(from, to);
    if (slot == RULES_NO_POINT)
        return false;
    p->chain[side] = (uint8_t)(from | (slot << RULES_CHAIN_SLOT_SHIFT));
    p->hand[side] = (uint8_t)((p->hand[side] & (uint8_t)~RULES_HAND_CHAIN) |
                              ((length - 1u) << RULES_HAND_CHAIN_SHIFT));
    return true;
}

void rules_clear_chain(rules_pos_t *p, uint8_t side)
{
    p->chain[side] = RULES_CHAIN_NONE;
    p->hand[side] &= (uint8_t)~RULES_HAND_CHAIN;
}

bool rules_chain_of(const rules_pos_t *p, uint8_t side, uint8_t *from, uint8_t *to, uint8_t *length)
{
    const uint8_t c = p->chain[side];
    if (c == RULES_CHAIN_NONE)
        return false;
    bool extra;
    *from = c & RULES_CHAIN_FROM;
    *to = rules_neighbour(*from, c >> RULES_CHAIN_SLOT_SHIFT, &extra);
    *length = (uint8_t)(((p->hand[side] & RULES_HAND_CHAIN) >> RULES_HAND_CHAIN_SHIFT) + 1u);
    return true;
}

uint8_t rules_piece_at(const rules_pos_t *p, uint8_t point, bool *marked)
{
    const uint32_t bit = RULES_BIT(point);
    *marked = (p->marked & bit) != 0u;
    return (p->men[RULES_WHITE] & bit) ? RULES_WHITE : (p->men[RULES_BLACK] & bit) ? RULES_BLACK : RULES_NO_SIDE;
}

static uint8_t *put32(uint8_t *o, uint32_t v)
{
    for (uint8_t i = 0; i < 4u; i++, v >>= 8)
        *o++ = (uint8_t)v;
    return o;
}

static uint32_t get32(const uint8_t *in)
{
    return (uint32_t)in[0] | ((uint32_t)in[1] << 8) | ((uint32_t)in[2] << 16) | ((uint32_t)in[3] << 24);
}

void rules_pos_pack(const rules_pos_t *p, uint8_t out[RULES_POS_BYTES])
{
    uint8_t *o = put32(out, p->men[0]);
    o = put32(o, p->men[1]);
    o = put32(o, p->marked);
    o[0] = p->hand[0];
    o[1] = p->hand[1];
    o[2] = p->chain[0];
    o[3] = p->chain[1];
}

void rules_pos_unpack(const uint8_t in[RULES_POS_BYTES], rules_pos_t *p)
{
    p->men[0] = get32(in);
    p->men[1] = get32(in + 4);
    p->marked = get32(in + 8);
    p->hand[0] = in[12];
    p->hand[1] = in[13];
    p->chain[0] = in[14];
    p->chain[1] = in[15];
}
