// Engine::memoryUse: what each table of the state takes, for `bench` and the
// bytes-per-record table of docs/benchmarks.md.

#include <algorithm>

#include "houbu/engine.h"
#include "state.h"

namespace houbu {

namespace {

// What glibc adds to each heap block: its size word, rounded to 16 bytes.
constexpr std::size_t kHeapBlock = 16;

template <class T>
std::size_t heapBytes(const std::vector<T>& v) {
    return v.capacity() == 0 ? 0 : v.capacity() * sizeof(T) + kHeapBlock;
}

}  // namespace

std::vector<MemoryUse> Engine::memoryUse() const {
    const EngineState& s = *state_;
    std::size_t seats = 0, seatCount = 0, occupants = 0, occupantCount = 0, classes = 0,
                runs = sizeof(Run) * s.runs.capacity();
    for (const Run& run : s.runs) {
        seatCount += run.seats.size();
        seats += heapBytes(run.seats);
        for (const Seat& seat : run.seats) {
            occupantCount += seat.occupants.size();
            occupants += heapBytes(seat.occupants);
        }
        for (const ClassInfo& cls : run.classes)
            classes += heapBytes(cls.seats) + heapBytes(cls.freeBits) +
                       heapBytes(cls.standingLoad) +
                       static_cast<std::size_t>(cls.queueAt.stops() * cls.queueAt.stops()) * 4 +
                       cls.name.capacity();
        runs += heapBytes(run.stops) + heapBytes(run.cars) + heapBytes(run.classes) +
                run.stationIndex.size() * 64 + run.train.capacity() + run.date.capacity();
    }
    std::size_t lanes = 0, entries = 0;
    for (const Queue& q : s.queues)
        for (const auto& lane : q.lanes) {
            lanes += heapBytes(lane.orders);
            entries += lane.orders.size();
        }
    std::size_t blocks = heapBytes(s.blocks);
    for (const Block& b : s.blocks)
        blocks += heapBytes(b.seats);

    std::size_t accepting = heapBytes(s.newTrainOrders);
    for (const NewTrainsOrder& e : s.newTrainOrders) {
        accepting += heapBytes(e.classes);
        for (const std::string& name : e.classes)
            accepting += name.capacity() > 15 ? name.capacity() + kHeapBlock : 0;
    }

    auto n = [](std::size_t v) { return static_cast<std::int64_t>(v); };
    std::vector<MemoryUse> out = {
        {"orders", n(s.orders.size()), n(s.orders.bytes())},
        {"order options", n(s.orders.size()), n(s.optionPool.bytes())},
        {"order names (users and passengers)", n(s.orders.size()), n(s.text.bytes())},
        {"ids (sales, blocks, orders)", n(s.ids.size()), n(s.ids.bytes())},
        {"passengers", n(s.passengers.size()), n(s.passengers.bytes())},
        {"tickets", n(s.tickets.size()), n(s.tickets.bytes())},
        {"sales", n(s.sales.size()), n(s.sales.bytes())},
        {"seats", n(seatCount), n(seats)},
        {"seat occupants", n(occupantCount), n(occupants)},
        {"queues", n(s.queues.size()), n(s.queues.bytes())},
        {"queue entries", n(entries), n(lanes)},
        {"timers", n(s.timers.size()), n(s.timers.bytes())},
        {"classes (seat orders, free bitsets, queue slots)", 0, n(classes)},
        {"runs (stops, cars)", n(s.runs.size()), n(runs)},
        {"blocks", n(s.blocks.size()), n(blocks)},
        {"orders accepting added trains", n(s.newTrainOrders.size()), n(accepting)},
        {"open orders per user", n(s.openOrdersByUser ? s.openOrdersByUser->size() : 0),
         n(s.openOrdersByUser ? s.openOrdersByUser->bytes() : 0)},
    };
    std::sort(out.begin(), out.end(),
              [](const MemoryUse& a, const MemoryUse& b) { return a.bytes > b.bytes; });
    return out;
}

}  // namespace houbu
