#pragma once
// An independent, brute-force reference model of the Houbu rules (commands.md,
// docs/engine-rules.md), used by tst_randomized to check the engine line by line
// and by tst_scenario_model to check the scenarios' hand-written expectations.
// It shares no code with engine/ or codec/ and was written from the documents.
//
// The engine's events are applied to the model one by one, and each is checked:
//  - occupancy: no segment of a seat held twice by live tickets or blocks;
//  - timers: holds, prepayment timeouts, deadlines and departures fire at their
//    due time (never early, never skipped), oldest first, timers due together in
//    the order they were set (a queued order's expiry is set by its prepayment);
//  - matching: under `complete` no queued order is servable after any command or
//    timed effect; each service is the earliest servable order in queue order, on
//    its first servable option, never on a run that has left the order's station;
//    under `exact`, only a release of exactly the order's interval, an added car
//    (in queue order) or the order's own prepayment serves it, and each of them
//    serves while it can (see checkExactLiveness);
//  - commands: which error code (or duplicate, or success) each command must give,
//    and its exact success events; an error changes nothing;
//  - queries: availability, position ranks and seat maps by brute force;
//  - version 2: standing places (sales, services, releases, load never over places),
//    added runs offered to accepting orders (option_added, in submission order, before
//    matching), 兑现失败 (an option with a passenger travelling at an overlapping time
//    is not servable; waitlist_failed only when every option with room has one),
//    configure's limits and waitlist_cap's caps (waitlist_full, too_many_orders).
//    Under `complete`, no queued order has room on an option after any command: it is
//    served, or fails.
// Where engine-rules.md fixes a seat choice (best-fit, prefer, adjacent groups) it
// is checked; which seats to take is otherwise read from the engine's events.
// Where the rules leave an outcome open (refunding or rescheduling an unpaid hold,
// paying a sale refunded after payment, timing on equal instants of a passenger's
// two trips), either answer is accepted and counted in notes().

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace houbu::reftest {

using RefTime = std::int64_t;  // seconds since 2000-01-01T00:00, railway local time

// 同车换座 by brute force: the fewest changes in all that seat `n` passengers
// over [from, to) on seats held as `held` (a bit per segment), each on a chain
// of at most `changes` + 1 legs, no seat shared on a segment; -1 when no
// assignment exists. Every chain is tried (a leg may end at any stop).
int refFewestChanges(const std::vector<std::uint64_t>& held, int from, int to, int n, int changes);

// Best-fit's cost of [from, to) on a seat held as `held`, free there, on a run
// of `segments`: the free segments cut off around it (the waste); for an order
// accepting seat changes, the pieces so cut off, the fewest first, then the
// longest.
int refSeatCost(std::uint64_t held, int from, int to, int segments, int seatChanges);

// The least summed cost of one passenger's chain of `legs` legs over
// [from, to), a change at any stop, each leg on its cheapest free seat; -1
// when there is none.
int refCheapestChain(const std::vector<std::uint64_t>& held, int from, int to, int legs,
                     int segments, int seatChanges);

// Days since 2000-01-01 for "YYYY-MM-DD", nullopt when malformed or not a real date.
std::optional<std::int64_t> refParseDate(const QString& text);
// "YYYY-MM-DDTHH:MM[:SS]" -> RefTime.
std::optional<RefTime> refParseTime(const QString& text);
// "HH:MM" -> minutes after midnight.
std::optional<int> refParseClock(const QString& text);
// RefTime -> "YYYY-MM-DDTHH:MM", ":SS" appended when not zero.
QString refFormatTime(RefTime t);
// "YYYY-MM-DD" for a day number.
QString refFormatDate(std::int64_t day);

struct RefStop {
    QString station;
    std::int64_t kmHalf = 0;  // km * 2 (the generator writes whole or half km)
    std::optional<RefTime> arr;
    std::optional<RefTime> dep;
    std::optional<RefTime> departure() const { return dep ? dep : arr; }
    std::optional<RefTime> arrival() const { return arr ? arr : dep; }
};

struct RefOcc {
    int from = 0;
    int to = 0;
    QString kind;  // held | paid | block
    QString holder;
    QString passenger;
};

struct RefSeat {
    QString label;  // CC-RRL
    QString cls;
    int car = 0;
    int row = 0;
    int letterPos = 0;
    QChar letter;
    std::vector<RefOcc> occ;
    std::uint64_t mask = 0;
};

struct RefRun {
    QString train;
    QString date;
    std::vector<RefStop> stops;
    std::vector<RefSeat> seats;  // in seat order: car, row, letter position
    std::map<QString, std::int64_t> fareFen;
    int holdMinutes = 30;
    bool exact = false;
    std::set<int> cars;
    std::map<int, QString> carLayout;
    bool added = false;  // `added: true` (加开)
    // Standing places (无座) per class, and standing passengers per segment.
    std::map<QString, int> standingPlaces;
    std::map<QString, std::vector<int>> standingLoad;
    // Standing places free over from->to: the minimum over its segments.
    int standingFree(const QString& cls, int from, int to) const;
    bool hasStanding() const;

    int stationIndex(const QString& station) const;
    int seatIndex(const QString& label) const;
    bool hasClass(const QString& cls) const;
    QStringList classes() const;
    int segments() const { return int(stops.size()) - 1; }
};

enum class TicketStatus { Held, Paid, Refunded, Expired };

// One leg of a ticket on several seats (同车换座).
struct RefLeg {
    QString seat;
    int from = 0;
    int to = 0;
};

struct RefTicket {
    QString id;
    QString sale;
    QString passenger;
    QString run;
    QString cls;
    QString seat;
    int from = 0;
    int to = 0;
    bool standing = false;     // no seat: a standing place of its class
    std::vector<RefLeg> legs;  // on several seats: every leg, `seat` the first one's
    TicketStatus status = TicketStatus::Held;
    RefTime payBy = 0;
    std::int64_t timerSeq = 0;  // seq of the event that set its hold timer
    bool everPaid = false;
    QString refundReason;
};

struct RefSale {
    QString id;
    std::vector<QString> tickets;
};

struct RefBlock {
    QString id;
    QString run;
    QString cls;
    int from = 0;
    int to = 0;
    std::vector<QString> seats;  // seats still withheld
    bool released = false;
};

struct RefOption {
    QString train;
    QString date;
    QString cls;
    QString run;  // run key
};

enum class OrderStatus { Awaiting, Queued, Served, CancelledUser, PrepayTimeout, Expired, Failed };

struct RefOrder {
    QString id;
    QString user;
    QStringList passengers;
    QString from;
    QString to;
    std::vector<RefOption> options;
    std::optional<RefTime> deadline;
    OrderStatus status = OrderStatus::Awaiting;
    std::int64_t submitIndex = 0;
    RefTime effective = 0;
    RefTime payBy = 0;
    std::int64_t timerSeq = 0;   // seq of waitlist_submitted, which set the prepayment timer
    std::int64_t expirySeq = 0;  // seq of waitlist_effective, which set the expiry timer
    std::int64_t prepayFen = 0;
    bool everPrepaid = false;
    bool acceptStanding = false;  // 接受无座
    int seatChange = 0;           // 同车换座: changes accepted per passenger
    // 接受新增列车: runs with `added` defined after submission, leaving `from` in the window.
    bool newTrains = false;
    RefTime windowFrom = 0, windowTo = 0;
    QStringList windowClasses;  // empty: the classes of its listed options
    int listed = 0;             // options listed by the order; the rest were added
    bool extended = false;      // its expiry may have moved with an added option
};

// The waitlist limits of `configure`; nullopt means no limit.
struct RefLimits {
    std::optional<int> passengers = 5;
    std::optional<int> dates = 2;
    std::optional<int> optionsPerDate = 5;
    std::optional<int> options;
    std::optional<int> openOrdersPerUser;
};

class ReferenceModel {
  public:
    struct Failure {
        QString tag;  // a short category, stable across replays (used to minimise)
        QString message;
    };
    // What houbu-cli's options change (a scenario's `# options:` line).
    struct Options {
        bool defaultExact = false;  // --policy exact: runs that name no policy
        bool firstFit = false;      // --seat-choice first-fit: seat order, waste ignored
        bool trace = false;         // --trace: match_considered / match_skipped events
    };
    void setOptions(const Options& options) { options_ = options; }

    // Checks the engine's answer (`events`, one JSON object per output line) to
    // input line `line` (1-based `lineNumber`) and applies it to the model.
    // Returns nullopt when everything agrees with the rules.
    std::optional<Failure> check(const QByteArray& line, int lineNumber,
                                 const QList<QJsonObject>& events);

    // Failures with these tags are counted instead of reported (exploration aid:
    // lets a run go past a known disagreement). Only rule-interpretation checks
    // (seat choice, matching order) continue sensibly after a tolerated failure.
    void setTolerated(const QSet<QString>& tags) { tolerated_ = tags; }
    const std::map<QString, int>& toleratedCounts() const { return toleratedCounts_; }
    // How often the engine took each way where the rules leave a choice open.
    const std::map<QString, int>& notes() const { return notes_; }

    // Read access for the command generator.
    RefTime clock() const { return clock_; }
    const std::map<QString, RefRun>& runs() const { return runs_; }
    const std::vector<QString>& runOrder() const { return runOrder_; }
    const std::map<QString, RefTicket>& tickets() const { return tickets_; }
    const std::map<QString, RefSale>& sales() const { return sales_; }
    const std::map<QString, RefBlock>& blocks() const { return blocks_; }
    const std::map<QString, RefOrder>& orders() const { return orders_; }
    bool idTaken(const QString& id) const { return ids_.count(id) != 0; }
    const RefLimits& limits() const { return limits_; }
    // Caps of `waitlist_cap` by (run key, class); absent: no cap.
    const std::map<std::pair<QString, QString>, int>& caps() const { return caps_; }
    // Passengers of queued orders with an option on that run's class.
    int queuedPassengers(const QString& run, const QString& cls) const;
    // Room for the order on the option: seats for every passenger, or standing
    // places for all of them when it accepts standing (the interval must exist).
    bool hasRoom(const RefOrder& order, const RefOption& option) const;
    // A passenger of the order holds a live ticket overlapping the order's travel
    // on the option: 0 none, 1 touching only (ambiguous), 2 overlapping. `first`
    // gets the first such passenger in the order's list.
    int orderConflict(const RefOrder& order, const RefOption& option,
                      QString* first = nullptr) const;
    // Ids in creation order.
    const std::vector<QString>& ticketOrder() const { return ticketOrder_; }
    const std::vector<QString>& orderOrder() const { return orderOrder_; }
    const std::vector<QString>& blockOrder() const { return blockOrder_; }

    static QString runKey(const QString& train, const QString& date);
    static std::uint64_t intervalMask(int from, int to);
    static bool seatFree(const RefSeat& seat, int from, int to);
    int freeCount(const RefRun& run, const QString& cls, int from, int to) const;
    // 同车换座: the fewest changes in all that seat `n` passengers of the class
    // over from->to, each on a chain of at most `changes` + 1 legs, no seat
    // shared on a segment; -1 when no assignment exists. By trying every chain.
    int fewestChanges(const RefRun& run, const QString& cls, int from, int to, int n,
                      int changes) const;
    // Departure instant of the order's `from` station on the option's run (nullopt: never).
    std::optional<RefTime> optionDeparture(const RefOrder& order, const RefOption& option) const;
    // The order's departure cut-off: the latest option departure, nullopt when one never departs.
    std::optional<RefTime> orderCutoff(const RefOrder& order) const;
    // Every live timer: {due, description}.
    std::vector<std::pair<RefTime, QString>> liveTimers() const;

  private:
    // A line with `dry_run` (commands.md, "Forecasts and previews"): a preview
    // is checked on a copy of the model as the command itself, its events
    // marked `dry_run`; the model keeps only the sequence numbers it took.
    std::optional<Failure> checkPreview(const QJsonObject& command, int lineNumber,
                                        const QList<QJsonObject>& events);
    struct Expect {
        QSet<QString> strict;         // the command must fail with one of these (or a `maybe` one)
        QSet<QString> maybe;          // the rules leave open whether it fails with one of these
        bool anyError = false;        // an error with any code is acceptable
        bool mustFail = false;        // success is not acceptable (with anyError)
        bool duplicate = false;       // must be answered `duplicate`
        bool maybeDuplicate = false;  // may be answered `duplicate`
        QString duplicateId;
    };
    struct Pending {
        QString run;
        QString seat;
        int from = 0;
        int to = 0;
        QString source;
        QString holder;
        bool standing = false;
        QString cls;  // for a standing place
    };
    struct Released {
        QString run;
        QString cls;
        int from = 0;
        int to = 0;
    };

    bool fail(const QString& tag, const QString& message);
    void note(const QString& what);
    const QJsonObject* peek() const;
    QString peekKind() const;
    RefTime evAt(const QJsonObject& e) const;

    void processLine(const QByteArray& line);
    void expectSingleError(const QString& code, const QString& field, RefTime at);
    std::optional<QString> validate(const QJsonObject& o) const;
    void timerPhase(RefTime T);
    bool checkNoTimersDue(RefTime bound, bool inclusive, const QString& when);
    bool checkNoServable(RefTime now, const QString& when);
    // Under `exact`, what started matching in the command or timed effect that
    // just ended must have served while it could: no queued order it reaches is
    // left servable. Clears those triggers.
    bool checkExactLiveness(RefTime now, const QString& when);
    // Under `exact`: the queue of exactly from->to of the run's class holds a
    // queued order that accepts standing.
    bool exactQueueAcceptsStanding(const QString& run, const QString& cls, int from, int to) const;
    // --trace: match_considered / match_skipped at the current position.
    bool consumeTrace(RefTime at);
    // Returns true when the command part succeeded (success events to validate follow).
    bool outcome(const Expect& x, const QString& op, bool& success);
    void matchingPhase(RefTime T);
    bool fulfill(const QJsonObject& e, RefTime now);
    bool failOrder(const QJsonObject& e, RefTime now);
    // The events of a matching step: a service or a failure.
    bool matchEvent(const QJsonObject& e, RefTime now);
    // The releases a ticket that ends must give: one per leg (one for a ticket on one seat).
    void expectReleases(const RefTicket& t, const QString& source);
    // An earlier order than `order` with room on a `complete` option (it goes first).
    bool earlierWithRoom(const RefOrder& order, RefTime now, const QString& what);
    bool consumeRelease(const QJsonObject& e, bool require);

    void cmdTrain(const QJsonObject& o, RefTime T);
    void cmdAddCar(const QJsonObject& o, RefTime T);
    void cmdSell(const QJsonObject& o, RefTime T);
    void cmdPay(const QJsonObject& o, RefTime T);
    void cmdRefund(const QJsonObject& o, RefTime T);
    void cmdReschedule(const QJsonObject& o, RefTime T);
    void cmdBlock(const QJsonObject& o, RefTime T);
    void cmdRelease(const QJsonObject& o, RefTime T);
    void cmdWaitlist(const QJsonObject& o, RefTime T);
    void cmdPrepay(const QJsonObject& o, RefTime T);
    void cmdCancel(const QJsonObject& o, RefTime T);
    void cmdPosition(const QJsonObject& o, RefTime T);
    void cmdForecast(const QJsonObject& o, RefTime T);
    void cmdAvailability(const QJsonObject& o, RefTime T);
    void cmdSeatmap(const QJsonObject& o, RefTime T);
    void cmdConfigure(const QJsonObject& o, RefTime T);
    void offerAddedRun(const RefRun& run);
    void cmdWaitlistCap(const QJsonObject& o, RefTime T);

    // Structural checks of (train, date, from, to, class); fills run/from/to.
    QSet<QString> resolve(const QString& train, const QString& date, const QString& from,
                          const QString& to, const QString& cls, RefRun*& run, int& fromIdx,
                          int& toIdx);
    bool idempotency(const QJsonObject& o, Expect& x) const;
    void registerId(const QJsonObject& o);
    // 0 none, 1 touching only (ambiguous), 2 overlapping
    int passengerConflict(const QString& name, const RefRun& run, int from, int to,
                          const QString& exceptTicket) const;
    bool occupy(RefRun& run, const QString& seat, int from, int to, const QString& kind,
                const QString& holder, const QString& passenger);
    bool vacate(RefRun& run, const QString& seat, const QString& holder, int from = -1,
                int to = -1);
    bool servable(const RefOrder& order, const RefOption& option) const;
    bool queuedBefore(const RefOrder& a, const RefOrder& b) const;
    bool optionDeparted(const RefOrder& order, const RefOption& option, RefTime now) const;
    // The seat choice's cost of [from, to) on the seat: best-fit's waste, or
    // for an order accepting seat changes the free pieces left (the fewest,
    // then the longest); first-fit nothing.
    int seatCost(const RefRun& run, const RefSeat& seat, int from, int to,
                 int seatChanges = 0) const;
    bool chainIsCheapest(const RefRun& run, const QString& cls, const std::vector<RefLeg>& legs,
                         int seatChanges) const;
    bool checkSingleChoice(const RefRun& run, const QString& cls, int from, int to,
                           const QString& prefer, const QString& chosen, const QString& what,
                           int seatChanges = 0);
    bool checkGroupChoice(const RefRun& run, const QString& cls, int from, int to,
                          const QStringList& chosen, const QString& prefer, const QString& what,
                          int seatChanges = 0);

    std::map<QString, RefRun> runs_;
    std::vector<QString> runOrder_;
    std::map<QString, RefTicket> tickets_;
    std::map<QString, RefSale> sales_;
    std::map<QString, RefBlock> blocks_;
    std::map<QString, RefOrder> orders_;
    std::map<QString, QJsonObject> ids_;
    std::vector<QString> ticketOrder_, orderOrder_, blockOrder_;  // creating command without `at`
    std::int64_t submitCounter_ = 0;
    RefLimits limits_;
    std::map<std::pair<QString, QString>, int> caps_;
    RefTime clock_ = 0;
    std::int64_t lastSeq_ = 0;
    RefTime lastAt_ = 0;

    // Per line.
    QList<QJsonObject> ev_;
    int pos_ = 0;
    int lineNo_ = 0;
    RefTime now_ = 0;
    std::vector<Pending> pending_;
    std::vector<Released> released_;
    std::set<QString> carAddedRuns_;
    std::set<QString> madeEffective_;
    std::optional<Failure> failure_;
    bool commandFailed_ = false;
    QSet<QString> tolerated_;
    std::map<QString, int> toleratedCounts_;
    std::map<QString, int> notes_;
    QString noteCtx_;                  // detail for notes() about this line
    QString addedNow_;                 // the run this line's `train` added (加开)
    mutable bool limitRetry_ = false;  // this line repeats a waitlist now over a limit
    QString prepayOnly_;  // this line's prepay: its matching may serve that order alone
    // What may serve orders of `exact` runs in the current command or timed effect.
    std::vector<Released> effectReleased_;
    std::set<std::pair<QString, QString>> effectCars_;  // run, class
    QString effectOrder_;                               // the order made effective
    Options options_;
};

}  // namespace houbu::reftest
