#pragma once

#include <QAbstractItemModel>
#include <QElapsedTimer>
#include <QHash>
#include <QStringList>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

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

}  // namespace houbu
