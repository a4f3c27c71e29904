#pragma once
// Seat changes on one train (同车换座): chains of legs on several seats that
// together cover an order's interval (commands.md version 2).

#include <cstdint>
#include <vector>

#include "houbu/command.h"
#include "state.h"

namespace houbu {

// One passenger's seat over [from, to), a part of the interval.
struct Leg {
    std::uint32_t seat = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    bool operator==(const Leg&) const = default;
};

// Legs in travel order, consecutive, covering the interval.
using Chain = std::vector<Leg>;

// Chains for `n` passengers over [from, to) in the class, each of at most
// `changes` + 1 legs, no two sharing a seat on a segment, with the fewest
// changes in all. A passenger alone gets the fewest legs at the least summed
// seat-choice cost; a group is searched exhaustively, fewest changes in all
// first. Either way every change point is at an end of some seat's free
// stretch (a change anywhere else can slide to one). Returns one chain per passenger,
// chains of fewer legs first, or nothing when no assignment exists. Callers
// try whole seats before (docs/engine-rules.md).
std::vector<Chain> chooseChains(const Run& run, int travelClass, int from, int to, int n,
                                int changes, SeatChoice choice);

// Whether chooseChains would find chains, at less cost: a passenger alone
// only needs the fewest legs (each reaching as far as any seat does), not
// the cheapest ones.
bool chainsExist(const Run& run, int travelClass, int from, int to, int n, int changes);

// The first segment of [from, to) with fewer than `n` free seats of the
// class, and how many are free there; -1 when every segment has n.
struct ScarceSegment {
    int segment = -1;
    int free = 0;
};
ScarceSegment scarcestSegment(const Run& run, int travelClass, int from, int to, int n);

}  // namespace houbu
