#include "seat_choice.h"

#include <algorithm>
#include <bit>
#include <climits>

#include "popcnt_clones.h"

namespace houbu {
namespace {

struct Candidate {
    int preferMiss = 0;       // 1 when the seat (or block) does not satisfy the preference
    int cost = 0;             // seatChoiceCost
    std::uint32_t order = 0;  // position in the class's seat order
    bool operator<(const Candidate& o) const {
        if (preferMiss != o.preferMiss) return preferMiss < o.preferMiss;
        if (cost != o.cost) return cost < o.cost;
        return order < o.order;
    }
};

// The free segments of the seat's stretch before `from` and after `to`.
struct Around {
    int before = 0;
    int after = 0;
};

Around freeAround(SegmentMask mask, int from, int to, int segments) {
    const SegmentMask below = mask & ((SegmentMask{1} << from) - 1);
    const int runStart = below ? 64 - std::countl_zero(below) : 0;
    const SegmentMask above = (mask | (SegmentMask{1} << segments)) >> to;
    const int runEnd = to + std::countr_zero(above);
    return Around{from - runStart, runEnd - to};
}

}  // namespace

int wasteAround(SegmentMask mask, int from, int to, int segments) {
    const Around a = freeAround(mask, from, to, segments);
    return a.before + a.after;
}

int piecesLeftCost(SegmentMask mask, int from, int to, int segments) {
    // A piece outweighs any length left, also summed over a group's seats
    // (at most kMaxGroup seats of at most 63 segments).
    constexpr int kPiece = 1024;
    static_assert(kPiece > kMaxGroup * 63);
    const Around a = freeAround(mask, from, to, segments);
    const int pieces = (a.before > 0 ? 1 : 0) + (a.after > 0 ? 1 : 0);
    return pieces * kPiece - (a.before + a.after);
}

int seatChoiceCost(SeatChoice choice, SegmentMask mask, int from, int to, int segments,
                   int seatChanges) {
    switch (choice) {
        case SeatChoice::BestFit:
            return seatChanges > 0 ? piecesLeftCost(mask, from, to, segments)
                                   : wasteAround(mask, from, to, segments);
        case SeatChoice::FirstFit:
            return 0;
        case SeatChoice::WorstFit:
            return -wasteAround(mask, from, to, segments);
    }
    return 0;
}

bool matchesPreference(char letter, const std::string& prefer) {
    if (prefer.empty()) return true;
    if (prefer == "window") return letter == 'A' || letter == 'F';
    if (prefer == "aisle") return letter == 'C' || letter == 'D';
    return prefer.size() == 1 && prefer[0] == letter;
}

HOUBU_POPCNT_CLONES int countFree(const Run& run, int travelClass, int from, int to, int cap) {
    const ClassInfo& cls = run.classes[travelClass];
    int n = 0;
    for (std::uint32_t w = 0; w < cls.words; ++w) {
        std::uint64_t bits = cls.freeBits[from * cls.words + w];
        for (int g = from + 1; g < to && bits; ++g)
            bits &= cls.freeBits[g * cls.words + w];
        n += std::popcount(bits);
        if (n >= cap) return cap;
    }
    return n;
}

std::vector<std::uint32_t> chooseSeats(const Run& run, int travelClass, int from, int to, int n,
                                       const std::string& prefer, SeatChoice choice,
                                       int seatChanges) {
    const auto& order = run.classes[travelClass].seats;
    const int segments = run.segments();
    auto candidateFor = [&](std::uint32_t pos) {
        const Seat& seat = run.seats[order[pos]];
        return Candidate{matchesPreference(seat.letter, prefer) ? 0 : 1,
                         seatChoiceCost(choice, seat.mask, from, to, segments, seatChanges), pos};
    };

    if (n == 1) {
        bool found = false;
        Candidate best;
        const ClassInfo& cls = run.classes[travelClass];
        for (std::uint32_t w = 0; w < cls.words; ++w) {
            std::uint64_t bits = cls.freeBits[from * cls.words + w];
            for (int g = from + 1; g < to && bits; ++g)
                bits &= cls.freeBits[g * cls.words + w];
            bool stop = false;
            while (bits) {
                const std::uint32_t pos =
                    w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
                bits &= bits - 1;
                const Candidate c = candidateFor(pos);
                if (!found || c < best) {
                    best = c;
                    found = true;
                    // Nothing later can beat a preferred seat with the least possible cost.
                    if (c.preferMiss == 0 && choice != SeatChoice::WorstFit && c.cost == 0) {
                        stop = true;
                        break;
                    }
                }
            }
            if (stop) break;
        }
        if (!found) return {};
        return {order[best.order]};
    }

    // The free positions over [from, to) as a bitset.
    const ClassInfo& cls = run.classes[travelClass];
    std::vector<std::uint64_t> freeBits(cls.words);
    for (std::uint32_t w = 0; w < cls.words; ++w) {
        std::uint64_t bits = cls.freeBits[from * cls.words + w];
        for (int g = from + 1; g < to && bits; ++g)
            bits &= cls.freeBits[g * cls.words + w];
        freeBits[w] = bits;
    }
    auto isFree = [&](std::uint32_t p) { return (freeBits[p / 64] >> (p % 64)) & 1; };

    // 1. n adjacent free seats in one row.
    bool foundRow = false;
    Candidate bestRow;
    for (std::uint32_t w = 0; w < cls.words; ++w) {
        for (std::uint64_t bits = freeBits[w]; bits; bits &= bits - 1) {
            const std::uint32_t i = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
            if (i + n > order.size()) break;
            const Seat& first = run.seats[order[i]];
            Candidate block{1, 0, i};
            bool ok = true;
            for (std::uint32_t k = i; k < i + static_cast<std::uint32_t>(n); ++k) {
                const Seat& seat = run.seats[order[k]];
                if (!isFree(k) || seat.car != first.car || seat.row != first.row ||
                    (k > i && seat.letterPos != run.seats[order[k - 1]].letterPos + 1)) {
                    ok = false;
                    break;
                }
                const Candidate c = candidateFor(k);
                block.cost += c.cost;
                if (c.preferMiss == 0) block.preferMiss = 0;
            }
            if (ok && (!foundRow || block < bestRow)) {
                bestRow = block;
                foundRow = true;
            }
        }
    }
    if (foundRow) {
        std::vector<std::uint32_t> seats;
        for (int k = 0; k < n; ++k)
            seats.push_back(order[bestRow.order + k]);
        return seats;
    }

    // 2. n free seats in one car; 3. any n free seats of the class.
    std::vector<Candidate> free;
    for (std::uint32_t w = 0; w < cls.words; ++w)
        for (std::uint64_t bits = freeBits[w]; bits; bits &= bits - 1)
            free.push_back(
                candidateFor(w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits))));
    if (static_cast<int>(free.size()) < n) return {};

    std::vector<Candidate> chosen;
    long long bestCarCost = LLONG_MAX;
    for (std::size_t carStart = 0; carStart < free.size();) {
        const auto car = run.seats[order[free[carStart].order]].car;
        std::size_t carEnd = carStart;
        while (carEnd < free.size() && run.seats[order[free[carEnd].order]].car == car)
            ++carEnd;
        if (carEnd - carStart >= static_cast<std::size_t>(n)) {
            std::vector<Candidate> inCar(free.begin() + static_cast<long>(carStart),
                                         free.begin() + static_cast<long>(carEnd));
            std::partial_sort(inCar.begin(), inCar.begin() + n, inCar.end());
            long long cost = 0;
            for (int k = 0; k < n; ++k)
                cost += static_cast<long long>(inCar[k].preferMiss) * 1000000 + inCar[k].cost;
            if (cost < bestCarCost) {
                bestCarCost = cost;
                chosen.assign(inCar.begin(), inCar.begin() + n);
            }
        }
        carStart = carEnd;
    }
    if (chosen.empty()) {
        std::partial_sort(free.begin(), free.begin() + n, free.end());
        chosen.assign(free.begin(), free.begin() + n);
    }
    std::sort(chosen.begin(), chosen.end(),
              [](const Candidate& a, const Candidate& b) { return a.order < b.order; });
    std::vector<std::uint32_t> seats;
    for (const auto& c : chosen)
        seats.push_back(order[c.order]);
    return seats;
}

}  // namespace houbu
