#pragma once
// Item models over the session's snapshots and events. Models never change
// engine data: every edit is a command sent through the session.
//
// Update discipline: a snapshot is applied as row insertions/removals and
// contiguous dataChanged ranges naming the roles that changed; beginResetModel
// only when the shown run changes (connect, load, focus).

#include <QAbstractItemModel>
#include <QElapsedTimer>
#include <QHash>
#include <QSortFilterProxyModel>
#include <QStringList>
#include <QTimer>
#include <array>
#include <unordered_map>
#include <vector>

#include "houbu/line_archive.h"
#include "houbu/session.h"

namespace houbu {

// Coalesces snapshots to at most one per frame (~16 ms), so a burst of
// commands repaints once.
class SnapshotThrottle : public QObject {
    Q_OBJECT

  public:
    explicit SnapshotThrottle(QObject* parent = nullptr);
    void push(const SnapshotPtr& snapshot);
    void flush();  // apply a pending snapshot now (tests, shutdown)

  signals:
    void snapshot(const houbu::SnapshotPtr& snapshot);

  private:
    QTimer timer_;
    SnapshotPtr pending_;
};

class RunListModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column {
        Train,
        Date,
        Stops,
        Seats,
        Load,
        Queued,
        Passengers,
        FreeSeats,     // seats free on an average segment
        Pressure,      // queued passengers per such free seat
        LongestQueue,  // orders in the run's longest queue
        ColumnCount
    };
    enum Role {
        TrainRole = Qt::UserRole + 1,
        DateRole,
        LoadFactorRole,
        QueuedRole,
        QueuedPassengersRole,
        // The column's value to sort by: text for train and date, numbers elsewhere.
        SortRole,
    };
    // Queued passengers per free seat on an average segment: infinite when
    // passengers wait and no seat is free, 0 when nobody waits.
    static double pressure(const RunSummary& run);
    static double freeSeatsPerSegment(const RunSummary& run);
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);

  private:
    std::vector<RunSummary> runs_;
};

// Rows: seats in seat order; columns: segments between consecutive stops.
class SeatGridModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum class HolderKind { Free = 0, Held, Paid, Served, Block };
    enum Role {
        KindRole = Qt::UserRole + 1,  // HolderKind as int
        HolderIdRole,                 // ticket or block id
        PassengerRole,
        SaleRole,      // sale id, or the waitlist order that was served
        BarStartRole,  // bool: the holder's interval starts at this segment
        BarEndRole,    // bool: the holder's interval ends at this segment
        IntervalRole,  // "北京南→济南西" of the holder (or of the segment when free)
        SeatRole,      // "03-12A"
        ClassRole,
        CarRole,
        ChangedAtRole,  // ms timestamp of the last change of this cell, 0 when never
        CellRole,       // packed for painting: kind | 8 if bar start | 16 if bar end
    };
    static constexpr int kCellStart = 8;
    static constexpr int kCellEnd = 16;

    explicit SeatGridModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);

    QString train() const { return train_; }
    QString date() const { return date_; }
    QStringList stations() const { return stations_; }
    int rowOfSeat(const QString& label) const { return rowOfSeat_.value(label, -1); }
    const SeatView* seat(int row) const;
    // The shown run's classes that have standing places (无座), in run order,
    // with their load per segment; null for a class without.
    const std::vector<ClassView>& standingClasses() const { return standing_; }
    const ClassView* standingOf(const QString& travelClass) const;
    // Milliseconds on the model's clock, comparable with ChangedAtRole.
    qint64 now() const { return clock_.elapsed() + 1; }

  signals:
    // The standing places or load of a class changed (no seat row did).
    void standingChanged();

  private:
    const HolderView* holderAt(int row, int column) const;
    void applySeats(const SnapshotPtr& snapshot);
    void applyStanding(const SnapshotPtr& snapshot);

    std::vector<ClassView> standing_;
    QString train_, date_;
    QStringList stations_;
    std::vector<SeatView> seats_;
    std::vector<std::vector<qint64>> changedAt_;  // [row][column]
    QHash<QString, int> rowOfSeat_;
    QElapsedTimer clock_;
};

// Top level: one row per queue (class × interval); children: its orders in rank order.
class QueueModel : public QAbstractItemModel {
    Q_OBJECT

  public:
    enum Column {
        Queue,
        Rank,
        Ahead,
        Level,
        Passengers,
        Effective,
        Deadline,
        Options,
        ColumnCount
    };
    enum Role {
        OrderIdRole = Qt::UserRole + 1,
        QueueKeyRole,
        LengthRole,
        GroupSizeRole,
        StepMarkRole,   // step mode: 0 not a candidate, 1 candidate, 2 being decided
        StepOrderRole,  // step mode: 1-based place among the candidates in queue order
        ClassRole,      // the queue's class code (queue rows and their orders)
    };
    Q_ENUM(Column)

    using QAbstractItemModel::QAbstractItemModel;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);
    // The index of an order (first queue it is in), invalid when not queued.
    QModelIndex indexOfOrder(const QString& id) const;
    // Step mode: the candidate orders of the pending decision in queue order and
    // the order it decides about (empty lists: no marks).
    void setStepMarks(const QStringList& candidates, const QString& current);

  private:
    static QString keyOf(const QueueView& q);
    QString intervalOf(const QueueView& q) const;
    // The row of the queue with id `id` (order indexes carry it), -1 when gone.
    int rowOfQueue(quintptr id) const;
    void indexQueues();

    QString run_;  // train + date, to detect a change of run
    QStringList stations_;
    std::vector<QueueView> queues_;
    std::vector<quintptr> queueIds_;  // parallel to queues_
    quintptr nextQueueId_ = 1;
    std::unordered_map<quintptr, int> rowOfQueue_;
    QHash<QString, int> stepCandidates_;  // order id -> 1-based place
    QString stepCurrent_;
};

// Every event, append-only.
class EventLogModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column { Seq, Time, Event, Line, Train, Subject, Author, Details, ColumnCount };
    enum Role {
        KindRole = Qt::UserRole + 1,  // "ticket_held", ...
        TrainRole,
        AuthorRole,  // who sent the command (EventRecord::author)
        OrderRole,   // waitlist order id, when the event concerns one
        SeatsRole,   // QStringList of seat labels the event touches
        JsonRole,    // the event line
        EventRole,   // houbu::Event
    };

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void append(const QList<EventRecord>& events);
    void clear();
    // Row `row` as the session handed it out (typed again from its line).
    EventRecord at(int row) const;
    // Row `row`'s event, typed again from its line (a small cache of them).
    const houbu::Event& eventAt(int row) const;
    // The typed columns the filters read, without decoding a line.
    QString kindAt(int row) const;
    QString trainAt(int row) const { return trains_.name(trainOf_[static_cast<std::size_t>(row)]); }
    QString authorAt(int row) const {
        return authors_.name(authorOf_[static_cast<std::size_t>(row)]);
    }
    QByteArray jsonAt(int row) const { return lines_.at(static_cast<std::size_t>(row)); }
    // What the log holds in memory, in bytes (a day's millions of events are
    // kept compressed).
    std::size_t memoryBytes() const;

  private:
    // Each distinct value of a column once; rows keep its index.
    class Names {
      public:
        std::uint32_t indexOf(const QString& name);
        QString name(std::uint32_t index) const { return names_.value(qsizetype(index)); }
        void clear();

      private:
        QStringList names_{QString()};
        QHash<QString, std::uint32_t> index_{{QString(), 0}};
    };
    LineArchive lines_;
    std::vector<qint64> seqs_;
    std::vector<std::uint8_t> kindOf_;  // EventKind
    std::vector<std::uint32_t> trainOf_;
    std::vector<std::uint32_t> authorOf_;
    Names trains_, authors_;
    std::string lastTrain_;
    std::uint32_t lastTrainIndex_ = 0;
    // Decoded rows, from a small cache: a view asks for the same rows many
    // times a frame.
    struct CachedEvent {
        int row = -1;
        houbu::Event event;
    };
    mutable std::array<CachedEvent, 512> decoded_;
};

// Filters the log by event kind, train, order and free text.
class EventFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setKind(const QString& kind);      // "" = all
    void setTrain(const QString& train);    // "" = all
    void setOrder(const QString& order);    // "" = all
    void setText(const QString& text);      // case-insensitive, in the event line
    void setAuthor(const QString& author);  // case-insensitive, in who sent the command

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

  private:
    QString kind_, train_, order_, text_, author_;
};

}  // namespace houbu
