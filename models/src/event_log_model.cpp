#include "houbu/event_log_model.h"

#include <algorithm>

#include "houbu/codec.h"
#include "houbu/display_names.h"
#include "model_text.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace model_text;

int EventLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(seqSteps_.size());
}
int EventLogModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString orderOf(const Event& e) {
    switch (e.kind) {
        case EventKind::WaitlistSubmitted:
        case EventKind::WaitlistEffective:
        case EventKind::WaitlistFulfilled:
        case EventKind::WaitlistCancelled:
        case EventKind::WaitlistExpired:
        case EventKind::WaitlistFailed:
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
        case EventKind::Position:
        case EventKind::Forecast:
            return qs(e.id);
        default:
            return {};
    }
}

QStringList seatsOf(const Event& e) {
    QStringList seats;
    if (!e.seat.empty()) seats << qs(e.seat);
    for (const TicketLine& t : e.tickets) {
        if (t.legs.empty()) seats << qs(t.seat);
        for (const LegLine& leg : t.legs)
            seats << qs(leg.seat);
    }
    for (const std::string& s : e.seatList)
        seats << qs(s);
    return seats;
}

bool isTrace(const Event& e) {
    return e.kind == EventKind::MatchConsidered || e.kind == EventKind::MatchSkipped;
}

QString subjectOf(const Event& e) {
    for (const std::string* v : {&e.ticket, &e.id, &e.seat})
        if (!v->empty()) return qs(*v);
    return {};
}

// The seats of served tickets, a ticket on several seats (同车换座) as
// "01-01A→01-01C", its seats in travel order.
QString ticketSeatsOf(const Event& e) {
    QStringList seats;
    for (const TicketLine& t : e.tickets) {
        QStringList legs;
        for (const LegLine& leg : t.legs)
            legs << qs(leg.seat);
        seats << (legs.isEmpty() ? qs(t.seat) : legs.join(u"\u2192"_s));
    }
    return seats.join(u", "_s);
}

QString detailsOf(const Event& e) {
    switch (e.kind) {
        case EventKind::Error:
            return DisplayNames::error(QString::fromLatin1(errorCodeName(e.code))) + u" "_s +
                   DisplayNames::engineDetail(qs(e.message));
        case EventKind::TicketHeld:
            return qs(e.passenger) + u"  "_s + qs(e.seat) + u"  "_s + arrow(qs(e.from), qs(e.to));
        case EventKind::SeatReleased:
            return qs(e.seat) + u"  "_s + arrow(qs(e.from), qs(e.to)) + u"  ("_s +
                   DisplayNames::releaseSource(qs(e.reason)) + u')';
        case EventKind::TicketRefunded:
            return DisplayNames::releaseSource(qs(e.reason));
        case EventKind::WaitlistCancelled:
            return DisplayNames::cancelReason(qs(e.reason));
        case EventKind::WaitlistFulfilled:
            return ticketSeatsOf(e);
        case EventKind::BlockCreated:
        case EventKind::CarAdded:
            return seatsOf(e).join(u", "_s);
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
            return DisplayNames::traceReason(qs(e.reason));
        case EventKind::WaitlistSubmitted:
            return EventLogModel::tr("prepay %1 by %2")
                .arg(DisplayNames::money(static_cast<double>(e.prepayFen) / 100),
                     qs(formatTime(e.payBy)).replace(u'T', u' '));
        case EventKind::Availability:
            return EventLogModel::tr("%n seat(s) free", nullptr, static_cast<int>(e.count));
        case EventKind::Forecast:
            return EventLogModel::tr("%1 % likely served by %2 (90 % interval %3–%4 %)")
                .arg(e.forecast.probability)
                .arg(qs(formatTime(e.forecast.by)).replace(u'T', u' '))
                .arg(e.forecast.low)
                .arg(e.forecast.high);
        case EventKind::Position: {
            QStringList ranks;
            for (const QueueRank& q : e.queues)
                ranks << EventLogModel::tr("%1 %2 %3: rank %4")
                             .arg(qs(q.train), qs(q.date),
                                  DisplayNames::travelClass(qs(q.travelClass)))
                             .arg(q.rank);
            return ranks.join(u"; "_s);
        }
        default:
            return {};
    }
}

}  // namespace

// The kind in words; a preview's events (dry_run) say that they did not happen.
QString EventLogModel::kindName(const houbu::Event& e, const QString& kind) {
    const QString name = DisplayNames::eventKind(kind);
    return e.dryRun ? tr("%1 (preview)").arg(name) : name;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int row = index.row();
    switch (role) {
        case KindRole:
            return kindAt(row);
        case TrainRole:
            return trainAt(row);
        case AuthorRole:
            return authorAt(row);
        case JsonRole:
            return jsonAt(row);
        default:
            break;
    }
    const houbu::Event& e = eventAt(row);
    switch (role) {
        case Qt::ToolTipRole: {
            // The event in words; its line as printed is JsonRole (the log's
            // menu copies it).
            const QString details = detailsOf(e);
            const QString name = kindName(e, kindAt(row));
            return details.isEmpty() ? name : name + u": "_s + details;
        }
        case OrderRole:
            return orderOf(e);
        case SeatsRole:
            return seatsOf(e);
        case EventRole:
            return QVariant::fromValue(e);
        case Qt::DisplayRole:
            switch (index.column()) {
                case Seq:
                    // The match trace is not numbered: it carries the seq of the event it follows.
                    if (isTrace(e)) return {};
                    return seqAt(row);
                case Time:
                    return qs(formatTime(e.at)).replace(u'T', u' ');
                case Event:
                    return kindName(e, kindAt(row));
                case Line:
                    return e.line;
                case Train:
                    return trainAt(row);
                case Subject:
                    return subjectOf(e);
                case Author:
                    return authorAt(row);
                case Details:
                    return detailsOf(e);
            }
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == Author)
        return tr(
            "Who sent the command: the console's user and computer, or a houbud token's "
            "name and role and the client's address (a remote console sees this with an "
            "admin token only)");
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == Line)
        return tr(
            "The command's line in its input: in a scenario file, the file's line "
            "(every line counted, as houbu-cli numbers them); after that, the console's "
            "commands in the order sent");
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Seq:
            return tr("Seq");
        case Time:
            return tr("Time");
        case Event:
            return tr("Event");
        case Line:
            return tr("Line");
        case Train:
            return tr("Train");
        case Subject:
            return tr("Ticket / id");
        case Author:
            return tr("Sent by");
        case Details:
            return tr("Details");
    }
    return {};
}

void EventLogModel::append(const QList<EventRecord>& events) {
    if (events.isEmpty()) return;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(events.size()) - 1);
    for (const EventRecord& e : events) {
        if (e.json.isEmpty()) {
            // Left typed by the engine's thread: printed here, where the log keeps it.
            printed_.clear();
            appendEvent(e.event, printed_);
            lines_.append(printed_);
        } else {
            lines_.append(e.json);
        }
        appendSeq(e.seq);
        kindOf_.push_back(static_cast<std::uint8_t>(e.event.kind));
        // A batch names the same few trains again and again.
        if (e.event.train != lastTrain_) {
            lastTrain_ = e.event.train;
            lastTrainIndex_ = trains_.indexOf(qs(lastTrain_));
        }
        trainOf_.push_back(lastTrainIndex_);
        const std::uint32_t author = authors_.indexOf(e.author);
        if (authorRuns_.empty() || authorRuns_.back().second != author)
            authorRuns_.emplace_back(static_cast<std::uint32_t>(seqSteps_.size() - 1), author);
    }
    endInsertRows();
}

void EventLogModel::clear() {
    beginResetModel();
    lines_.clear();
    seqSteps_.clear();
    seqBlockFirst_.clear();
    seqExact_.clear();
    lastSeq_ = 0;
    kindOf_.clear();
    trainOf_.clear();
    authorRuns_.clear();
    trains_.clear();
    authors_.clear();
    lastTrain_.clear();
    lastTrainIndex_ = 0;
    for (CachedEvent& c : decoded_)
        c = CachedEvent{};
    endResetModel();
}

void EventLogModel::appendSeq(qint64 seq) {
    const std::size_t row = seqSteps_.size();
    const qint64 step = seq - lastSeq_;
    if (row % kSeqBlock == 0) {
        seqBlockFirst_.push_back(seq);
        seqSteps_.push_back(0);
    } else if (step >= 0 && step < kSeqExact) {
        seqSteps_.push_back(static_cast<std::uint8_t>(step));
    } else {
        seqSteps_.push_back(kSeqExact);
        seqExact_.emplace_back(static_cast<std::uint32_t>(row), seq);
    }
    lastSeq_ = seq;
}

QString EventLogModel::authorAt(int row) const {
    // The last run starting at or before the row.
    const auto after =
        std::upper_bound(authorRuns_.begin(), authorRuns_.end(), static_cast<std::uint32_t>(row),
                         [](std::uint32_t at, const auto& run) { return at < run.first; });
    return authors_.name(std::prev(after)->second);
}

qint64 EventLogModel::seqAt(int row) const {
    const auto r = static_cast<std::size_t>(row);
    const std::size_t first = r - r % kSeqBlock;
    qint64 seq = seqBlockFirst_[first / kSeqBlock];
    for (std::size_t k = first + 1; k <= r; ++k) {
        if (seqSteps_[k] != kSeqExact) {
            seq += seqSteps_[k];
            continue;
        }
        const auto exact =
            std::lower_bound(seqExact_.begin(), seqExact_.end(), static_cast<std::uint32_t>(k),
                             [](const auto& entry, std::uint32_t at) { return entry.first < at; });
        seq = exact->second;
    }
    return seq;
}

EventRecord EventLogModel::at(int row) const {
    return EventRecord(eventAt(row), jsonAt(row), authorAt(row));
}

QString EventLogModel::kindAt(int row) const {
    return QString::fromLatin1(
        eventName(static_cast<EventKind>(kindOf_[static_cast<std::size_t>(row)])));
}

const houbu::Event& EventLogModel::eventAt(int row) const {
    CachedEvent& c = decoded_[static_cast<std::size_t>(row) % decoded_.size()];
    if (c.row != row) {
        // The log keeps each line as printed (compressed); a row is typed
        // again only when a view asks for it.
        c.event = houbu::Event{};
        decodeEvent(jsonAt(row), c.event);
        c.row = row;
    }
    return c.event;
}

std::size_t EventLogModel::memoryBytes() const {
    return lines_.memoryBytes() + seqSteps_.capacity() +
           seqBlockFirst_.capacity() * sizeof(qint64) +
           seqExact_.capacity() * sizeof(std::pair<std::uint32_t, qint64>) +
           kindOf_.capacity() * sizeof(std::uint8_t) + trainOf_.memoryBytes() +
           authorRuns_.capacity() * sizeof(std::pair<std::uint32_t, std::uint32_t>);
}

namespace {

// Whether `line` holds `needle` ignoring ASCII case; `needle` is lower case
// ASCII, so a byte of a multi-byte character never matches one of it.
bool containsIgnoringAsciiCase(QByteArrayView line, QByteArrayView needle) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return std::search(line.begin(), line.end(), needle.begin(), needle.end(),
                       [&](char a, char b) { return lower(a) == b; }) != line.end();
}

}  // namespace

std::vector<int> EventLogModel::rowsMatching(const LogFilter& filter, int first, int last) const {
    std::vector<int> out;
    last = std::min(last, rowCount() - 1);
    if (first > last) return out;
    int kind = -1;
    if (!filter.kind.isEmpty()) {
        for (int k = 0; k <= static_cast<int>(kLastEventKind); ++k)
            if (filter.kind == QLatin1StringView(eventName(static_cast<EventKind>(k)))) kind = k;
        if (kind < 0) return out;
    }
    qint64 train = -1;
    if (!filter.train.isEmpty() && (train = trains_.find(filter.train)) < 0) return out;
    std::vector<bool> authorPasses;
    if (!filter.author.isEmpty()) {
        authorPasses.resize(authors_.size());
        for (std::size_t a = 0; a < authors_.size(); ++a)
            authorPasses[a] =
                authors_.name(std::uint32_t(a)).contains(filter.author, Qt::CaseInsensitive);
    }
    // The sender's run holding `first`, then followed row by row.
    auto run = std::prev(
        std::upper_bound(authorRuns_.begin(), authorRuns_.end(), static_cast<std::uint32_t>(first),
                         [](std::uint32_t at, const auto& r) { return at < r.first; }));
    auto typedPass = [&](int row) {
        const auto r = static_cast<std::size_t>(row);
        if (kind >= 0 && kindOf_[r] != kind) return false;
        if (train >= 0 && trainOf_[r] != train) return false;
        if (!authorPasses.empty()) {
            while (std::next(run) != authorRuns_.end() && std::next(run)->first <= r)
                ++run;
            if (!authorPasses[run->second]) return false;
        }
        return true;
    };
    if (filter.order.isEmpty() && filter.text.isEmpty()) {
        for (int row = first; row <= last; ++row)
            if (typedPass(row)) out.push_back(row);
        return out;
    }
    const QByteArray order = filter.order.toUtf8();
    const QByteArray asciiText = filter.text.toLower().toUtf8();
    bool textIsAscii = true;
    for (char c : asciiText)
        textIsAscii = textIsAscii && static_cast<unsigned char>(c) < 0x80;
    lines_.scan(static_cast<std::size_t>(first), [&](std::size_t i, QByteArrayView line) {
        const int row = static_cast<int>(i);
        if (row > last) return false;
        if (!typedPass(row)) return true;
        if (!order.isEmpty() && !line.contains(order)) return true;
        if (!asciiText.isEmpty() &&
            !(textIsAscii ? containsIgnoringAsciiCase(line, asciiText)
                          : QString::fromUtf8(line).contains(filter.text, Qt::CaseInsensitive)))
            return true;
        out.push_back(row);
        return true;
    });
    return out;
}

std::uint32_t EventLogModel::Names::indexOf(const QString& name) {
    const auto it = index_.constFind(name);
    if (it != index_.constEnd()) return *it;
    const auto index = static_cast<std::uint32_t>(names_.size());
    names_ << name;
    index_.insert(name, index);
    return index;
}

void EventLogModel::Names::clear() {
    names_ = QStringList{QString()};
    index_ = {{QString(), 0}};
}

}  // namespace houbu
