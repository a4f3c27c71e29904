#pragma once
// The console's main window: the seat-interval grid in the centre, trains,
// queues (with why an order waits) and the matching log in docks. Every
// operator action becomes a command sent through the session.

#include <QMainWindow>
#include <QPointer>
#include <memory>

#include "houbu/models.h"
#include "houbu/operator_dialogs.h"
#include "houbu/session.h"

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressDialog;
class QTableView;
class QTextBrowser;
class QTreeView;

namespace houbu {

class SeatGridView;
class SeatFilterModel;

class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    // The operator's actions, each a dialog that sends one command.
    enum class Operation { Release, AddCar, Block, Sell, Waitlist, Prepay, CancelOrder, Advance };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts an embedded session on a store (empty location: in memory). When
    // `scenario` is not empty it is loaded into the new session.
    void openEmbedded(const QString& location, const QByteArray& scenario = {});
    void openDemo();
    bool openScenarioFile(const QString& path);

    // For tests and screenshots.
    SeatGridView* grid() const { return grid_; }
    QTreeView* queueView() const { return queueView_; }
    QTableView* logView() const { return logView_; }
    QTextBrowser* whyPanel() const { return why_; }
    SeatGridModel* gridModel() const { return gridModel_; }
    QueueModel* queueModel() const { return queueModel_; }
    EventLogModel* logModel() const { return logModel_; }
    Session* session() const { return session_.get(); }
    QAction* releaseAction() const { return release_; }
    QAction* operationAction(Operation op) const;
    // Opens the operation's dialog (window-modal, deleted on close) on the shown
    // state, prefilled from the grid and queue selections; nullptr when no
    // command can be sent.
    OperatorDialog* openOperation(Operation op);
    // Opens the dialog prefilled from what the operator points at.
    OperatorDialog* openOperation(Operation op, const OperatorContext& context);
    // The shown state and the current selections, as the dialogs see them.
    OperatorContext operatorContext() const;
    qint64 lastSeq() const { return lastSeq_; }
    // Sends a release of the selected seat interval with `reason` (no dialog).
    bool releaseSelection(const QString& reason);
    // Releases the whole interval of the ticket or block at a grid cell (source model row/column).
    bool releaseHolderAt(int row, int column, const QString& reason);
    static QByteArray demoScenario();
    // Installs the translation for `language` ("zh_CN", "en"; empty: the saved
    // choice, else the system's). Returns the language in use.
    static QString installTranslation(const QString& language);

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void buildActions();
    void buildDocks();
    void connectSession();
    void onSnapshot(const SnapshotPtr& snapshot);
    void onEvents(const QList<EventRecord>& events);
    void onWhy(const QString& orderId, const std::vector<WaitReason>& reasons);
    void onLogSelection();
    void onQueueSelection();
    void updateActions();
    void updateFilters();
    void showGridMenu(const QPoint& pos);
    void showQueueMenu(const QPoint& pos);
    void openScenarioWithDialog();
    void openStoreWithDialog();
    void exportJournal();
    void send(const QByteArray& command);
    // A release of seat segments [from, to) of the shown run.
    void sendRelease(const QString& seat, int from, int to, const QString& reason);
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();

    std::unique_ptr<EmbeddedSession> session_;
    SnapshotThrottle* throttle_ = nullptr;
    SnapshotPtr snapshot_;
    qint64 lastSeq_ = 0;

    RunListModel* runModel_ = nullptr;
    SeatGridModel* gridModel_ = nullptr;
    SeatFilterModel* gridFilter_ = nullptr;
    QueueModel* queueModel_ = nullptr;
    EventLogModel* logModel_ = nullptr;
    EventFilterModel* logFilter_ = nullptr;

    SeatGridView* grid_ = nullptr;
    QTableView* runView_ = nullptr;
    QTreeView* queueView_ = nullptr;
    QTextBrowser* why_ = nullptr;
    QTableView* logView_ = nullptr;
    QComboBox* classFilter_ = nullptr;
    QComboBox* carFilter_ = nullptr;
    QLineEdit* search_ = nullptr;
    QComboBox* kindFilter_ = nullptr;
    QComboBox* trainFilter_ = nullptr;
    QLineEdit* orderFilter_ = nullptr;
    QLineEdit* textFilter_ = nullptr;
    QLabel* modeLabel_ = nullptr;
    QLabel* storeLabel_ = nullptr;
    QLabel* clockLabel_ = nullptr;
    QLabel* eventsLabel_ = nullptr;
    QLabel* selectionLabel_ = nullptr;
    QPointer<QProgressDialog> progress_;
    QMenu* recentMenu_ = nullptr;

    QAction* release_ = nullptr;
    QAction* addCar_ = nullptr;
    QAction* advance_ = nullptr;
    QAction* sell_ = nullptr;
    QAction* block_ = nullptr;
    QAction* waitlist_ = nullptr;
    QAction* prepay_ = nullptr;
    QAction* cancelOrder_ = nullptr;
    // Waitlist orders submitted and not yet prepaid, cancelled or expired (from the events).
    QMap<QString, PendingPrepay> awaitingPrepay_;
};

}  // namespace houbu
