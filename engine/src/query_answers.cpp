#include "query_answers.h"

#include <algorithm>
#include <climits>

#include "forecaster.h"
#include "houbu/engine.h"
#include "seat_choice.h"

namespace houbu {

void QueryAnswers::position(const Verdict& v, const std::string& id, Event& e) const {
    const Order& order = s.orders[v.index];
    e.id = id;
    if (order.status != OrderStatus::Queued) return;
    for (const auto& opt : order.options()) {
        const Run& run = s.runs[opt.run];
        std::int64_t ahead = 0;
        const std::int64_t rank = rankIn(s, s.queues[opt.queue], order, &ahead);
        QueueRank r;
        r.train = run.train;
        r.date = run.date;
        r.travelClass = run.classes[opt.travelClass].name;
        r.rank = rank;
        if (s.options.rules >= 2) {
            // The three words 12306 shows its users.
            r.aheadPassengers = ahead;
            r.level = levelOfRank(rank);
        }
        e.queues.push_back(std::move(r));
    }
}

void QueryAnswers::availability(const Verdict& v, Event& e) const {
    const Run& run = s.runs[v.run];
    e.count = countFree(run, v.travelClass, v.from, v.to, INT_MAX);
    if (s.options.rules >= 2)
        e.standingFree = run.classes[v.travelClass].standingFree(v.from, v.to);
}

void QueryAnswers::seatmap(const Verdict& v, Event& e) const {
    const Run& run = s.runs[v.run];
    for (std::uint32_t i : seatsInOrder(run)) {
        const Seat& seat = run.seats[i];
        SeatState st;
        st.seat = seat.label();
        st.travelClass = run.classes[seat.travelClass].name;
        for (const Occupant& o : seat.occupants) {
            Occupancy oc;
            oc.from = run.stops[o.from].station;
            oc.to = run.stops[o.to].station;
            if (o.kind == HolderKind::Ticket) {
                const Ticket& t = s.tickets[o.ref];
                oc.kind = statusName(t.status);
                oc.holder = ticketId(s, o.ref);
                oc.passenger = passengerOf(s, t);
            } else {
                oc.kind = "block";
                oc.holder = s.blocks[o.ref].id;
            }
            st.occupied.push_back(std::move(oc));
        }
        e.seatmap.push_back(std::move(st));
    }
    for (const ClassInfo& cls : run.classes) {
        if (cls.standingPlaces == 0) continue;
        e.standingLoad.push_back(StandingState{
            cls.name, cls.standingPlaces,
            std::vector<std::int64_t>(cls.standingLoad.begin(), cls.standingLoad.end())});
    }
}

void QueryAnswers::forecast(const Verdict& v, const Command& cmd, Event& e) const {
    e.id = cmd.id;
    e.forecast = Forecaster(s).forecast(v.index, e.at, cmd.until, cmd.seed.value_or(1));
}

// A query answered on the state as it is: no timer fired, the clock left
// alone, no seq taken (the events carry seq 0).
bool Engine::answerQuery(const Command& command, int line, EventSink& sink) const {
    if (!isQuery(command.op)) return false;
    const EngineState& s = *state_;
    std::optional<Verdict> refused = refuseUpFront(s, command);
    std::string key;  // the state's run-key scratch belongs to apply
    const Time at = command.at.value_or(s.clock);
    const Verdict v = refused ? std::move(*refused) : CommandCheck(s, command, at, key).run();
    Event e;
    e.at = std::max(at, s.clock);
    e.line = line;
    e.seq = 0;
    if (v.outcome == Verdict::Outcome::Duplicate) {
        e.kind = EventKind::Duplicate;
        e.id = v.duplicateId;
        sink.onEvent(e);
        return true;
    }
    if (v.outcome == Verdict::Outcome::Refuse) {
        e.kind = EventKind::Error;
        e.code = v.code;
        e.message = v.message;
        e.waitlistHint = v.waitlistHint;
        sink.onEvent(e);
        return true;
    }
    const QueryAnswers answers(s);
    switch (command.op) {
        case Op::Position:
            e.kind = EventKind::Position;
            answers.position(v, command.id, e);
            break;
        case Op::Availability:
            e.kind = EventKind::Availability;
            answers.availability(v, e);
            break;
        case Op::Forecast:
            e.kind = EventKind::Forecast;
            answers.forecast(v, command, e);
            break;
        default:
            e.kind = EventKind::Seatmap;
            answers.seatmap(v, e);
            break;
    }
    sink.onEvent(e);
    return true;
}

}  // namespace houbu
