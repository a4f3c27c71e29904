#pragma once
// The console's views: the seat-interval grid with its painting delegate and
// filter, and the colour scheme shared by the views and the legend.

#include <QColor>
#include <QHash>
#include <QPalette>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>

#include "houbu/models.h"
#include "houbu/seat_grid_geometry.h"
#include "houbu/seat_groups.h"

namespace houbu {

// Colours of the holder kinds, readable on light and dark palettes.
struct SeatColors {
    QColor free, grid, paid, held, served, block, text, flash, highlight;
    // The bands above a car's first row: a car, or a car that starts a class.
    QColor carBand, carBandText, classBand, classBandText;
    // The standing row under a class's seats: its load, and a segment at its places.
    QColor standing, standingFull;
    static SeatColors forPalette(const QPalette& palette);
    QColor of(SeatGridModel::HolderKind kind) const;
};

// Shows only some classes and cars, and seats matching a search (seat label,
// ticket or block id, passenger, sale or order).
class SeatFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setTravelClass(const QString& travelClass);  // "" = all
    void setCar(int car);                             // 0 = all
    void setSearch(const QString& text);

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

  private:
    QString class_;
    int car_ = 0;
    QString search_;
};

class SeatGridDelegate : public QStyledItemDelegate {
    Q_OBJECT

  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    void setColors(const SeatColors& colors) { colors_ = colors; }
    // Segments to outline (why an order waits; the seats of a logged event):
    // seat label -> [from, to) segment ranges.
    void setHighlights(const QHash<QString, QList<QPair<int, int>>>& highlights) {
        highlights_ = highlights;
    }
    const QHash<QString, QList<QPair<int, int>>>& highlights() const { return highlights_; }
    void setNow(qint64 now) { now_ = now; }
    // A row taller than this carries a car's divider above its cells.
    void setCellHeight(int height) { cellHeight_ = height; }
    // Rows (of the view's model) that carry their class's standing row below
    // their cells, and its height.
    void setStandingRows(const QSet<int>& rows, int height) {
        standingRows_ = rows;
        standingHeight_ = height;
    }
    // Step mode: the free runs around freed seats (tinted) and the seats of the
    // pending decision (outlined); empty hashes clear them.
    void setStepHighlights(const QHash<QString, QList<QPair<int, int>>>& freed,
                           const QHash<QString, QList<QPair<int, int>>>& decision) {
        stepFreed_ = freed;
        stepDecision_ = decision;
    }
    const QHash<QString, QList<QPair<int, int>>>& stepFreed() const { return stepFreed_; }
    const QHash<QString, QList<QPair<int, int>>>& stepDecision() const { return stepDecision_; }

    static constexpr qint64 kFlashMs = 1500;

  private:
    SeatColors colors_;
    QHash<QString, QList<QPair<int, int>>> highlights_;
    QHash<QString, QList<QPair<int, int>>> stepFreed_;
    QHash<QString, QList<QPair<int, int>>> stepDecision_;
    qint64 now_ = 0;
    int cellHeight_ = SeatGridGeometry::kBaseCellHeight;
    QSet<int> standingRows_;
    int standingHeight_ = 0;
};

// The grid: a table of seats × segments painted as continuous bars.
class SeatGridView : public QTableView {
    Q_OBJECT

  public:
    explicit SeatGridView(QWidget* parent = nullptr);

    void setGridModel(SeatGridModel* model, SeatFilterModel* filter);
    SeatGridDelegate* gridDelegate() const { return delegate_; }
    const SeatGridGeometry& geometry() const { return geometry_; }
    void setHighlights(const QHash<QString, QList<QPair<int, int>>>& highlights);
    // Selects the cells of `seat` over segments [from, to) and scrolls to them.
    void selectInterval(const QString& seat, int from, int to);

    // The selected seat interval, when the selection is one run of cells in one row.
    bool selectedInterval(QString& seat, int& from, int& to) const;

  public slots:
    void zoomIn();
    void zoomOut();
    void resetZoom();

  signals:
    void intervalSelected(const QString& seat, int from, int to);
    void selectionCleared();

  public:
    // The height of the band above each car's first row, with its label.
    int dividerHeight() const;
    // The rows (of the view's model) that start a car, with their car and class.
    const QList<SeatGroups::Group>& groups() const { return groups_; }
    // A class's standing row (无座): under the class's last shown seat, the
    // standing load per segment against its places.
    struct StandingRow {
        int row = 0;  // the class's last row (of the view's model)
        QString travelClass;
    };
    const QList<StandingRow>& standingRows() const { return standingRows_; }
    int standingRowHeight() const;
    // The standing row's rectangle in the viewport over one segment (empty when
    // `row` carries none).
    QRect standingRect(int row, int column) const;

  protected:
    void wheelEvent(QWheelEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

  private:
    void applyZoom();
    // Makes each car's first row taller by the divider's height (and the rows
    // that no longer start a car as high as the others).
    void applyDividers();
    void paintStandingRows();
    // 同车换座: a line at each change station joining a ticket's legs.
    void paintSeatChanges();
    void onSelection();

    SeatGridModel* model_ = nullptr;
    SeatFilterModel* filter_ = nullptr;
    SeatGridDelegate* delegate_ = nullptr;
    SeatGridGeometry geometry_;
    QTimer flashTimer_;
    QTimer dividerTimer_;
    QList<SeatGroups::Group> groups_;
    QList<StandingRow> standingRows_;
};

}  // namespace houbu
