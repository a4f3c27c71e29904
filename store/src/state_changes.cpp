#include "state_changes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstring>

#include "houbu/codec.h"

namespace houbu {

namespace {

constexpr const char* kStatusNames[] = {
    "held",      "paid",      "refunded", "expired", "awaiting_prepay", "queued",
    "fulfilled", "cancelled", "failed",   "live",    "released",        ""};

void putVarint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

std::uint64_t getVarint(const std::string& in, std::size_t& at) {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        const auto byte = static_cast<unsigned char>(in[at++]);
        v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return v;
    }
}

// A ticket's legs as the `legs` column keeps them: the JSON of its
// waitlist_fulfilled event, empty for a ticket on one seat.
std::string legsColumn(const std::vector<LegLine>& legs) {
    if (legs.empty()) return {};
    QJsonArray out;
    for (const LegLine& leg : legs)
        out.append(QJsonObject{{QStringLiteral("seat"), QString::fromStdString(leg.seat)},
                               {QStringLiteral("from"), QString::fromStdString(leg.from)},
                               {QStringLiteral("to"), QString::fromStdString(leg.to)}});
    return QJsonDocument(out).toJson(QJsonDocument::Compact).toStdString();
}

}  // namespace

const char* rowStatusName(RowStatus status) {
    return kStatusNames[static_cast<int>(status)];
}

RowStatus rowStatusFromName(std::string_view name) {
    for (int s = 0; s < static_cast<int>(RowStatus::Unknown); ++s)
        if (name == kStatusNames[s]) return static_cast<RowStatus>(s);
    return RowStatus::Unknown;
}

void StateChanges::put(Kind kind, RowStatus status, RowStatus before, std::int64_t number,
                       std::initializer_list<std::string_view> fields) {
    log_ += static_cast<char>(kind);
    log_ += static_cast<char>(status);
    log_ += static_cast<char>(before);
    putVarint(log_, static_cast<std::uint64_t>(seq_));
    putVarint(log_, static_cast<std::uint64_t>(number));
    log_ += static_cast<char>(fields.size());
    for (std::string_view f : fields) {
        putVarint(log_, f.size());
        log_ += f;
    }
}

bool StateChanges::read(std::size_t& at, Change& c) const {
    if (at >= log_.size()) return false;
    c.kind = static_cast<Kind>(log_[at++]);
    c.status = static_cast<RowStatus>(log_[at++]);
    c.before = static_cast<RowStatus>(log_[at++]);
    c.seq = static_cast<std::int64_t>(getVarint(log_, at));
    c.number = static_cast<std::int64_t>(getVarint(log_, at));
    c.fieldCount = static_cast<unsigned char>(log_[at++]);
    for (int i = 0; i < c.fieldCount; ++i) {
        const auto n = static_cast<std::size_t>(getVarint(log_, at));
        c.fields[static_cast<std::size_t>(i)] = std::string_view(log_.data() + at, n);
        at += n;
    }
    return true;
}

void StateChanges::note(const Event& e, std::int64_t seq) {
    using S = RowStatus;
    seq_ = seq;
    if (e.dryRun) return;  // a preview changed nothing
    switch (e.kind) {
        case EventKind::TrainDefined:
            put(Kind::RunDefined, S::Unknown, S::Unknown, e.count, {e.train, e.date});
            break;
        case EventKind::CarAdded:
            put(Kind::SeatsAdded, S::Unknown, S::Unknown,
                static_cast<std::int64_t>(e.seatList.size()), {e.train, e.date});
            break;
        case EventKind::TicketHeld:
            put(Kind::TicketCreated, S::Held, S::Unknown, 0,
                {e.ticket, e.sale, e.passenger, e.train, e.date, e.travelClass, e.seat, e.from,
                 e.to, std::string_view()});
            break;
        case EventKind::TicketPaid:
            put(Kind::TicketChanged, S::Paid, S::Held, 0, {e.ticket});
            break;
        case EventKind::TicketRefunded:
            // Held or paid: the event does not say which.
            put(Kind::TicketChanged, S::Refunded, S::Unknown, 0, {e.ticket});
            break;
        case EventKind::HoldExpired:
            put(Kind::TicketChanged, S::Expired, S::Held, 0, {e.ticket});
            break;
        case EventKind::WaitlistFulfilled:
            for (const auto& t : e.tickets)
                put(Kind::TicketCreated, S::Paid, S::Unknown, 0,
                    {t.ticket, e.id, t.passenger, e.train, e.date, e.travelClass, t.seat, t.from,
                     t.to, legsColumn(t.legs)});
            // Only queued orders are served, fail or expire (engine/src/core.cpp).
            put(Kind::OrderChanged, S::Fulfilled, S::Queued, 0, {e.id});
            break;
        case EventKind::BlockCreated:
            put(Kind::BlockCreated, S::Live, S::Unknown, 0, {e.id, e.train, e.date, e.travelClass});
            break;
        case EventKind::BlockReleased:
            put(Kind::BlockChanged, S::Released, S::Live, 0, {e.id});
            break;
        case EventKind::WaitlistSubmitted: {
            const QByteArray prepay = formatYuan(e.prepayFen);
            put(Kind::OrderCreated, S::AwaitingPrepay, S::Unknown, 0,
                {e.id,
                 std::string_view(prepay.constData(), static_cast<std::size_t>(prepay.size()))});
            break;
        }
        case EventKind::WaitlistEffective:
            put(Kind::OrderChanged, S::Queued, S::AwaitingPrepay, 0, {e.id});
            break;
        case EventKind::WaitlistCancelled:
            // A user cancels an order queued or still awaiting its prepayment.
            put(Kind::OrderChanged, S::Cancelled,
                e.reason == "prepay_timeout" ? S::AwaitingPrepay : S::Unknown, 0, {e.id});
            break;
        case EventKind::WaitlistExpired:
            put(Kind::OrderChanged, S::Expired, S::Queued, 0, {e.id});
            break;
        case EventKind::WaitlistFailed:
            put(Kind::OrderChanged, S::Failed, S::Queued, 0, {e.id});
            break;
        default:
            break;
    }
}

}  // namespace houbu
