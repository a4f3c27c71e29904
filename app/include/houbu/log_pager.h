#pragma once

#include <QObject>
#include <QPointer>

class QLabel;
class QTableView;

namespace houbu {

class LogWindowModel;

// Moves the log's window (LogWindowModel) as its reader scrolls: to older
// rows at the top of the window, to newer ones at its bottom, to the oldest
// and the newest with Ctrl+Home and Ctrl+End; follows the newest rows while
// the view is at the bottom, and says which rows are shown.
class LogPager : public QObject {
    Q_OBJECT

  public:
    LogPager(QTableView* view, LogWindowModel* window, QLabel* extent, QObject* parent = nullptr);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void onScrolled(int value);
    void onRowsInserted();
    void showExtent();
    // Keeps the row `sourceRow` at the top of the view after the window moved.
    void keepAtTop(int sourceRow);
    int topSourceRow() const;

    QTableView* view_;
    LogWindowModel* window_;
    QPointer<QLabel> extent_;
    bool moving_ = false;
};

}  // namespace houbu
