#pragma once
// Choosing seats for a sale, a block or a waitlist service.

#include <cstdint>
#include <string>
#include <vector>

#include "houbu/command.h"
#include "state.h"

namespace houbu {

// Free segments next to [from, to) on a seat with occupancy `mask` that stay
// free but are cut off by taking the interval: the best-fit cost of an order
// accepting no seat change. The seat must be free over [from, to).
int wasteAround(SegmentMask mask, int from, int to, int segments);

// The free pieces that taking [from, to) leaves of the seat's free stretch
// (none, one or two), the fewest first, then the longer the better (summed
// over a group, pieces still come first): the cost by which an order
// accepting seat changes takes whole seats, and a lone passenger legs, under
// best-fit. A piece left is what later chains are built from; a short one
// takes little, a long one any shorter interval (docs/engine-rules.md).
int piecesLeftCost(SegmentMask mask, int from, int to, int segments);

// The seat choice's cost of taking [from, to) on a seat held as `mask`
// (lower is better): best-fit the waste (the pieces left for an order
// accepting `seatChanges` > 0), first-fit nothing, worst-fit minus the waste.
int seatChoiceCost(SeatChoice choice, SegmentMask mask, int from, int to, int segments,
                   int seatChanges = 0);

// True when `letter` satisfies `prefer` ("window": A or F, "aisle": C or D,
// else the letter itself). An empty preference is satisfied by every seat.
bool matchesPreference(char letter, const std::string& prefer);

// Number of seats of the class free over [from, to), counting no further than `cap`.
int countFree(const Run& run, int travelClass, int from, int to, int cap);

// Picks `n` seats of the class free over [from, to) by the rules of
// docs/engine-rules.md (adjacent in one row, else one car, else anywhere), in
// seat order, each weighed by seatChoiceCost. Returns an empty vector when
// fewer than n seats are free.
std::vector<std::uint32_t> chooseSeats(const Run& run, int travelClass, int from, int to, int n,
                                       const std::string& prefer, SeatChoice choice,
                                       int seatChanges = 0);

}  // namespace houbu
