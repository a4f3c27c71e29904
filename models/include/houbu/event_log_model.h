#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <QStringList>
#include <array>
#include <string>
#include <vector>

#include "houbu/line_archive.h"
#include "houbu/log_filter.h"
#include "houbu/narrow_index_column.h"
#include "houbu/session_types.h"

namespace houbu {

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
    QString authorAt(int row) const;
    // The trains named so far, each once, in the order first seen (the
    // first is the empty name of events without a train).
    std::size_t trainCount() const { return trains_.size(); }
    QString trainName(std::size_t k) const { return trains_.name(std::uint32_t(k)); }
    QByteArray jsonAt(int row) const { return lines_.at(static_cast<std::size_t>(row)); }
    // Row `row`'s seq (a match trace row repeats the seq of the event it follows).
    qint64 seqAt(int row) const;
    // The rows first..last that pass `filter`, rising. Kind, train and
    // sender are read from the typed columns; order and text from the packed
    // lines, unpacked a block at a time and only when asked for.
    std::vector<int> rowsMatching(const LogFilter& filter, int first, int last) const;
    // What the log holds in memory, in bytes (a day's millions of events are
    // kept compressed).
    std::size_t memoryBytes() const;

  private:
    static QString kindName(const houbu::Event& e, const QString& kind);
    // Each distinct value of a column once; rows keep its index.
    class Names {
      public:
        std::uint32_t indexOf(const QString& name);
        // The index of `name`, or -1 when no row has it.
        qint64 find(const QString& name) const { return index_.value(name, -1); }
        std::size_t size() const { return std::size_t(names_.size()); }
        QString name(std::uint32_t index) const { return names_.value(qsizetype(index)); }
        void clear();

      private:
        QStringList names_{QString()};
        QHash<QString, std::uint32_t> index_{{QString(), 0}};
    };
    void appendSeq(qint64 seq);
    LineArchive lines_;
    QByteArray printed_;  // an event being printed into lines_ (reused, not per event)
    // Seqs, a byte a row: each row's step from the row before (0 for a
    // trace row, 1 for the next event), exact at the first row of every
    // block of kSeqBlock rows and wherever the step does not fit (kSeqExact).
    static constexpr std::size_t kSeqBlock = 1024;
    static constexpr std::uint8_t kSeqExact = 255;
    std::vector<std::uint8_t> seqSteps_;
    std::vector<qint64> seqBlockFirst_;
    std::vector<std::pair<std::uint32_t, qint64>> seqExact_;  // (row, seq), rows rising
    qint64 lastSeq_ = 0;
    std::vector<std::uint8_t> kindOf_;  // EventKind
    NarrowIndexColumn trainOf_;
    // Who sent each row's command, as runs of rows: a day's events come
    // from few senders, many in a row from one.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> authorRuns_;  // (first row, author)
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

}  // namespace houbu
