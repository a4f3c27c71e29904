#pragma once
// The step-mode banner above the grid: the example's caption, the decision the
// matcher is about to take in plain words, what started the pass (the freed
// seats or the added car), the candidate orders in queue order, and the
// decisions already applied, the commands that had nothing to decide, with
// Back / Step / Run buttons.

#include <QFrame>
#include <QStyledItemDelegate>

#include "houbu/session.h"

class QAction;
class QLabel;

namespace houbu {

class StepPanel : public QFrame {
    Q_OBJECT

  public:
    explicit StepPanel(QWidget* parent = nullptr);

    void setActions(QAction* back, QAction* step, QAction* run, QAction* pause);
    // `stations`: the stop names of the run the grid shows (train, date).
    void showState(const StepState& state, const QStringList& stations, const QString& train,
                   const QString& date, const QString& caption);
    void showCaption(const QString& caption);

    // "W6 (single) served on 03-01A 济南西→南京南 (二等座)" / "W17 (group of 3) skipped: ..."
    static QString describe(const StepDecision& d, const QStringList& stations, bool shownRun);
    // "Line 26 Refund s-tj.1": a command as the banner names it.
    static QString commandText(int line, const QByteArray& command);
    // What started a pass: "Freed: 03-01A 济南西→南京南 (free run …)", an added car, a new order.
    static QString passText(const StepPass& pass, const QStringList& stations, bool shownRun);
    // "W8 (single) 济南西→南京南 #1 effective 01-05 10:01"
    static QString candidateText(const StepCandidate& c, const QStringList& stations,
                                 bool shownRun);

    QString titleText() const;
    QString candidatesText() const;
    // The commands that went through with no decision (empty when none).
    QString passedText() const;
    QString decisionText() const;
    QString captionText() const;

  private:
    QLabel* title_ = nullptr;
    QLabel* caption_ = nullptr;
    QLabel* decision_ = nullptr;
    QLabel* pass_ = nullptr;
    QLabel* applied_ = nullptr;
    QLabel* passed_ = nullptr;
};

// Paints the queue view's step marks (QueueModel::StepMarkRole): candidates
// tinted, the order being decided tinted strongly and in bold.
class StepQueueDelegate : public QStyledItemDelegate {
    Q_OBJECT

  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

}  // namespace houbu
