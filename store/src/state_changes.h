#pragma once
// The state-table rows (runs, tickets, orders, blocks) that a group of
// commands changed, noted from their events on the engine's thread and
// written on the store's database thread (state_tables.h). Noting a change
// appends a few bytes to one buffer, with no allocation per row and no
// lookup, so that the engine's thread does as little as it can beside the
// engine; merging repeated changes of one row is the writer's work.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "houbu/event.h"

namespace houbu {

// What a state table's `status` column says. `Unknown` stands for a status
// before a change that the event does not tell (a refund of a held or a paid
// ticket): the writer reads it from the table when it needs it.
enum class RowStatus : std::uint8_t {
    Held,
    Paid,
    Refunded,
    Expired,
    AwaitingPrepay,
    Queued,
    Fulfilled,
    Cancelled,
    Failed,
    Live,
    Released,
    Unknown,
};
const char* rowStatusName(RowStatus status);
// The status named `name`, or Unknown.
RowStatus rowStatusFromName(std::string_view name);

class StateChanges {
  public:
    enum class Kind : std::uint8_t {
        RunDefined,  // fields: train, date; number: seats
        SeatsAdded,  // fields: train, date; number: seats
        // fields: ticket, sale, passenger, train, date, class, seat, from, to, and
        // legs: a JSON array of {seat, from, to} for a ticket on several seats
        // (同车换座), empty for one seat.
        TicketCreated,
        TicketChanged,  // fields: ticket
        OrderCreated,   // fields: id, prepay
        OrderChanged,   // fields: id
        BlockCreated,   // fields: id, train, date, class
        BlockChanged,   // fields: id
    };
    static constexpr int kMaxFields = 10;

    struct Change {
        Kind kind = Kind::RunDefined;
        std::int64_t seq = 0;                   // the journal seq of the command that made it
        RowStatus status = RowStatus::Unknown;  // after the change
        RowStatus before = RowStatus::Unknown;  // for the *Changed kinds
        std::int64_t number = 0;
        int fieldCount = 0;
        std::array<std::string_view, kMaxFields> fields;
    };

    // Notes what `event`, of the command at journal seq `seq`, changed in
    // the state tables, if anything.
    void note(const Event& event, std::int64_t seq);
    void clear() { log_.clear(); }
    bool empty() const { return log_.empty(); }

    // Calls `visit` for every change in the order noted; the views are valid
    // as long as this object is unchanged.
    template <class Visit>
    void forEach(Visit&& visit) const {
        std::size_t at = 0;
        Change c;
        while (read(at, c))
            visit(c);
    }

  private:
    void put(Kind kind, RowStatus status, RowStatus before, std::int64_t number,
             std::initializer_list<std::string_view> fields);

    std::int64_t seq_ = 0;  // of the event being noted
    bool read(std::size_t& at, Change& c) const;

    std::string log_;
};

}  // namespace houbu
