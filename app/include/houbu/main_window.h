#pragma once
// The console's main window: the seat-interval grid in the centre, trains,
// queues (with why an order waits) and the matching log in docks. Every
// operator action becomes a command sent through the session.

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QUrl>
#include <memory>
#include <optional>

#include "houbu/embedded_session.h"
#include "houbu/examples.h"
#include "houbu/explanation_dialog.h"
#include "houbu/hot_queue_model.h"
#include "houbu/models.h"
#include "houbu/operator_dialogs.h"
#include "houbu/run_sort_model.h"
#include "houbu/standing_ticket_model.h"

class QAction;
class QCheckBox;
class QComboBox;
class QLayout;
class QPushButton;
class QLabel;
class QLineEdit;
class QPrintPreviewDialog;
class QProgressDialog;
class QTableView;
class QTextBrowser;
class QTimer;
class QToolButton;
class QTreeView;
class QDockWidget;

namespace houbu {

class ChartsPanel;
class ForecastCache;
class LogWindowModel;
class ConnectionIndicator;
class TextReport;
class CredentialStore;
class SeatGridView;
class SeatFilterModel;
class SeatLegendWidget;
class StepPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    // The operator's actions, each a dialog that sends one command.
    enum class Operation {
        Release,
        AddCar,
        Block,
        Sell,
        Waitlist,
        Prepay,
        CancelOrder,
        Advance,
        WaitlistCap,    // waitlist_cap on a class of the shown run
        WaitlistRules,  // configure: the waitlist limits
        DefineTrain,    // train, by default an added one (加开)
    };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts an embedded session on a store (empty location: in memory). When
    // `scenario` is not empty it is loaded into the new session.
    void openEmbedded(const QString& location, const QByteArray& scenario = {});
    void openDemo();
    bool openScenarioFile(const QString& path);
    // Connects to a houbud server with `token` (a RemoteSession).
    void openRemote(const QUrl& server, const QByteArray& token);
    // Several servers of one store (a writer and its followers): the
    // session reads from the first that answers and moves on when one is lost.
    void openRemote(const QList<QUrl>& servers, const QByteArray& token);
    // Connects with the token remembered in the system keychain; without one,
    // opens the Connect dialog on that server.
    void connectToServer(const QUrl& server);
    // Shows the views of any session (embedded, remote, or a test's own).
    void setSession(std::unique_ptr<Session> session);
    // Why operator actions are disabled (empty when the session can send).
    QString sendDeniedReason() const;

    // For tests and screenshots.
    SeatGridView* grid() const { return grid_; }
    QTreeView* queueView() const { return queueView_; }
    QTableView* logView() const { return logView_; }
    // The shown run's standing tickets (无座), under the grid; hidden on a run
    // without standing places or tickets.
    QTableView* standingView() const { return standingView_; }
    QWidget* standingPanel() const { return standingPanel_; }
    StandingTicketModel* standingModel() const { return standingModel_; }
    // Each class's waitlist cap and queued passengers, above the queues.
    QLabel* capStatus() const { return capStatus_; }
    QTextBrowser* whyPanel() const { return why_; }
    SeatGridModel* gridModel() const { return gridModel_; }
    QueueModel* queueModel() const { return queueModel_; }
    // The forecasts of the orders in view (main_window_forecasts.cpp), and
    // the status bar's "Forecasting n of m orders…" while some are computed.
    ForecastCache* forecasts() const { return forecasts_; }
    QLabel* forecastStatus() const { return forecastStatus_; }
    EventLogModel* logModel() const { return logModel_; }
    RunListModel* runModel() const { return runModel_; }
    // Between runModel() and runView(): the trains list in the order chosen.
    RunSortModel* runSorter() const { return runSorter_; }
    QTableView* runView() const { return runView_; }
    QLineEdit* runFilter() const { return runFilter_; }
    // Find (Ctrl+F): filters the grid; Enter on an order id shows it in its queue.
    QLineEdit* findField() const { return search_; }
    HotQueueModel* hotQueueModel() const { return hotQueueModel_; }
    QTableView* hotQueueView() const { return hotQueueView_; }
    QDockWidget* hotQueuesDock() const { return hotQueuesDock_; }
    QLabel* clockLabel() const { return clockLabel_; }
    Session* session() const { return session_.get(); }
    QAction* releaseAction() const { return release_; }
    ChartsPanel* charts() const { return charts_; }
    QDockWidget* chartsDock() const { return chartsDock_; }
    SeatLegendWidget* legend() const { return legend_; }
    SeatLegendWidget* fullLegend() const { return fullLegend_; }
    QDockWidget* legendDock() const { return legendDock_; }
    // Opens the policy comparison for the shown run (non-modal; returns the dialog).
    QDialog* comparePolicies();
    // Puts docks and toolbars back where a first start puts them.
    void resetLayout();
    QAction* addCarAction() const { return addCar_; }
    QAction* advanceAction() const { return advance_; }
    QAction* exportAction() const { return export_; }
    // File ▸ Export and Print (main_window_export.cpp). The seat map is the
    // shown run's seats as the grid filters them; `path` ends in .pdf or .png.
    bool exportSeatMap(const QString& path, QString* error = nullptr) const;
    // The queues (one line per waiting order) and the log as filtered, as CSV.
    bool exportQueues(const QString& path, QString* error = nullptr) const;
    bool exportLog(const QString& path, QString* error = nullptr) const;
    // Opens the print preview of the seat map (window-modal, deleted on close).
    QPrintPreviewDialog* printPreview();
    QAction* printAction() const { return print_; }
    // Help ▸ Manual, Keyboard shortcuts and About (non-modal; deleted on close).
    QDialog* showManual();
    QDialog* showShortcuts();
    QDialog* showAbout();
    QAction* manualAction() const { return manual_; }
    QAction* shortcutsAction() const { return shortcuts_; }
    QAction* aboutAction() const { return about_; }
    QAction* connectAction() const { return connect_; }
    QAction* disconnectAction() const { return disconnect_; }
    ConnectionIndicator* connectionIndicator() const { return connection_; }
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
    // Help ▸ Examples: opens a built-in example (Example::names()) in memory,
    // applies its setup and steps its story.
    bool openExample(const QString& name);
    // Matching ▸ Explain this fulfilment (main_window_explain.cpp): asks the
    // session why the log's current event went as it did for its order; the
    // answer opens an ExplanationDialog. False when the action is disabled.
    bool explainLogEvent();
    QAction* explainAction() const { return explain_; }
    // The last explanation opened (null once closed).
    ExplanationDialog* explanationDialog() const { return explanation_; }
    // The why panel as a report (title and text as shown).
    TextReport whyReport() const;
    QPushButton* whyExportButton() const { return whyExport_; }
    QPushButton* whyPrintButton() const { return whyPrint_; }
    StepPanel* stepPanel() const { return stepPanel_; }
    QAction* pauseAction() const { return pause_; }
    QAction* stepAction() const { return step_; }
    QAction* backAction() const { return back_; }
    QAction* runAction() const { return run_; }
    const StepState& stepState() const { return stepState_; }
    // The language installTranslation() chose ("en", "zh_CN").
    static QString language();
    // Installs the translation for `language` ("zh_CN", "en"; empty: the saved
    // choice, else the system's). Returns the language in use.
    static QString installTranslation(const QString& language);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    void buildActions();
    void buildDocks();
    void connectSession();
    // Connect dialog, Disconnect, and the connection indicator (main_window_remote.cpp).
    void connectRemoteSession();
    void connectWithDialog(const QUrl& server = {}, const QString& message = {});
    void disconnectFromServer();
    void updateConnection(const QString& detail = {});
    QString connectionDetail_;  // the detail shown last, kept when the members' lag changes
    void reportFailure(const QString& message);
    void onSnapshot(const SnapshotPtr& snapshot);
    // Closes the progress dialog of work that ended (or of a session left),
    // without cancelling anything.
    void finishProgress();
    // Sizes the trains list's columns to their contents, all of them in view.
    void fitRunColumns();
    void onEvents(const QList<EventRecord>& events);
    void onWhy(const QString& orderId, const std::vector<WaitReason>& reasons);
    void onLogSelection();
    void onQueueSelection();
    // Empties the why panel (with an optional note) and removes its outlines.
    void clearWhy(const QString& note = {});
    // After a new snapshot: explains the shown order again, or says it no longer waits.
    void refreshWhy();
    // An order chosen elsewhere (the log) that the queue does not list yet:
    // from its rank (the why answer), the queue is read down to it.
    // Selects a queued order in its queue of the shown run, listing it first
    // if it is not (asked of the session: where it stands comes with the why
    // answer). With `sayWhenNotQueued`, the status bar says where else it
    // waits, or that it does not.
    void locateOrder(const QString& order, bool sayWhenNotQueued = true);
    void locateInQueue(const QString& orderId, const std::vector<WaitReason>& reasons);
    void selectPendingOrder();
    // Once a queue's earlier rows came in, scrolls back to the order that was
    // at the top: scrolling up reads on from where the reader is.
    void keepTopOrder();
    void updateActions();
    void updateFilters();
    // The standing panel and the caps line follow the shown run.
    void updateStanding();
    void updateCaps();
    void showGridMenu(const QPoint& pos);
    void showQueueMenu(const QPoint& pos);
    void openScenarioWithDialog();
    void openStoreWithDialog();
    void exportJournal();
    void buildExportActions(QMenu* file);
    void buildExplainActions(QMenu* matching);
    void updateExplainAction();
    void onExplained(const std::shared_ptr<const EventExplanation>& explanation,
                     const QString& error);
    void buildWhyReport(QWidget* panel, QLayout* layout);
    void updateWhyReport();
    void exportSeatMapWithDialog();
    void exportCsvWithDialog(bool queues);
    void send(const QByteArray& command);
    // A release of seat segments [from, to) of the shown run.
    void sendRelease(const QString& seat, int from, int to, const QString& reason);
    void onStepState(const StepState& state);
    // Shows the step state on the panel, the grid and the queues.
    void showStep();
    void addRecentFile(const QString& path);
    void showSettings();
    // Icons follow the palette: remembered per action and drawn again on a palette change.
    void setIcon(QAction* action, const QString& name);
    void applyPalette();
    void rebuildRecentMenu();
    // The trains list with its filter (main_window_runs.cpp).
    QWidget* buildRunsPanel();
    // The day's longest queues over every run, in a dock (main_window_runs.cpp).
    QWidget* buildHotQueuesPanel();
    // Shows the run of a hot queue and selects the queue once its snapshot comes.
    void openHotQueue(const QModelIndex& index);
    void selectPendingQueue();
    void showRunColumnsMenu(const QPoint& at);
    // Forecasts (main_window_forecasts.cpp): asked for the orders in view
    // a moment after the view or the state changed.
    void buildForecasts();
    void connectForecasts();
    void scheduleForecasts();
    void requestForecasts();
    // The chosen order, then the orders of the rows on screen, top down.
    QStringList ordersInView() const;
    void showForecastProgress(int done, int total);
    void showRunForecastProgress(const QString& train, const QString& date, int done, int total);
    void updateForecastStatus();

    std::unique_ptr<Session> session_;
    EmbeddedSession* embedded_ = nullptr;  // session_ when it is embedded, else null
    CredentialStore* credentials_ = nullptr;
    SnapshotThrottle* throttle_ = nullptr;
    SnapshotPtr snapshot_;
    qint64 lastSeq_ = 0;

    RunListModel* runModel_ = nullptr;
    RunSortModel* runSorter_ = nullptr;
    SeatGridModel* gridModel_ = nullptr;
    SeatFilterModel* gridFilter_ = nullptr;
    QueueModel* queueModel_ = nullptr;
    EventLogModel* logModel_ = nullptr;
    EventFilterModel* logFilter_ = nullptr;
    LogWindowModel* logWindow_ = nullptr;  // the rows the log's view shows

    SeatGridView* grid_ = nullptr;
    QTableView* runView_ = nullptr;
    QLineEdit* runFilter_ = nullptr;
    QCheckBox* waitingOnly_ = nullptr;
    HotQueueModel* hotQueueModel_ = nullptr;
    RunSortModel* hotQueueSorter_ = nullptr;
    QTableView* hotQueueView_ = nullptr;
    QDockWidget* hotQueuesDock_ = nullptr;
    // A hot queue asked for: selected in the queues once its run is shown.
    QString pendingTrain_, pendingDate_, pendingQueueKey_;
    QTreeView* queueView_ = nullptr;
    ForecastCache* forecasts_ = nullptr;
    QTimer* forecastTimer_ = nullptr;
    QLabel* forecastStatus_ = nullptr;
    QString orderForecastText_, runForecastText_;  // the status bar's forecast progress
    QTextBrowser* why_ = nullptr;
    QString locateOrder_;            // asked where it stands (locateInQueue)
    bool sayWhenNotQueued_ = false;  // and the status bar is to say if it waits nowhere here
    QString pendingOrder_;           // selected in the queues once listed
    // The order at the top of the queue view when earlier rows were asked
    // for, and its queue's first rank then: it stays at the top as they come
    // in above it (keepTopOrder).
    QString topOrder_;
    int topFirstRank_ = 0;
    QString whyOrder_;          // the order the why panel explains
    bool whyOutlines_ = false;  // the grid's outlines are the why panel's
    qint64 whyAskedAt_ = -1;    // the engine's last event when the order was explained
    QString whyHtml_;           // the panel's text below its heading
    QPushButton* whyExport_ = nullptr;
    QPushButton* whyPrint_ = nullptr;
    QAction* explain_ = nullptr;
    QPointer<ExplanationDialog> explanation_;
    QTableView* logView_ = nullptr;
    StandingTicketModel* standingModel_ = nullptr;
    QTableView* standingView_ = nullptr;
    QWidget* standingPanel_ = nullptr;
    QLabel* standingTitle_ = nullptr;
    QLabel* capStatus_ = nullptr;
    QToolButton* capButton_ = nullptr;
    QComboBox* classFilter_ = nullptr;
    QComboBox* carFilter_ = nullptr;
    QLineEdit* search_ = nullptr;
    QComboBox* kindFilter_ = nullptr;
    QComboBox* trainFilter_ = nullptr;
    int fittedRuns_ = -1;  // the trains list's rows when its columns were last fitted
    QLineEdit* orderFilter_ = nullptr;
    QLineEdit* textFilter_ = nullptr;
    ConnectionIndicator* connection_ = nullptr;
    QLabel* storeLabel_ = nullptr;
    QLabel* clockLabel_ = nullptr;
    QLabel* eventsLabel_ = nullptr;
    QLabel* selectionLabel_ = nullptr;
    QPointer<QProgressDialog> progress_;
    QMenu* recentMenu_ = nullptr;
    SeatLegendWidget* legend_ = nullptr;      // above the grid: holders and dividers
    SeatLegendWidget* fullLegend_ = nullptr;  // every mark, in a dock
    QDockWidget* legendDock_ = nullptr;
    ChartsPanel* charts_ = nullptr;
    QDockWidget* chartsDock_ = nullptr;
    QByteArray defaultState_;
    QHash<QAction*, QString> iconNames_;
    QAction* compare_ = nullptr;

    QAction* release_ = nullptr;
    QAction* addCar_ = nullptr;
    QAction* advance_ = nullptr;

    // Step mode.
    StepPanel* stepPanel_ = nullptr;
    QAction* pause_ = nullptr;
    QAction* step_ = nullptr;
    QAction* back_ = nullptr;
    QAction* run_ = nullptr;
    StepState stepState_;
    std::optional<Example> example_;
    QAction* export_ = nullptr;
    QAction* exportSeatMap_ = nullptr;
    QAction* exportQueues_ = nullptr;
    QAction* exportLog_ = nullptr;
    QAction* print_ = nullptr;
    QAction* manual_ = nullptr;
    QAction* shortcuts_ = nullptr;
    QAction* about_ = nullptr;
    QAction* connect_ = nullptr;
    QAction* disconnect_ = nullptr;
    QAction* sell_ = nullptr;
    QAction* block_ = nullptr;
    QAction* waitlist_ = nullptr;
    QAction* prepay_ = nullptr;
    QAction* cancelOrder_ = nullptr;
    // Waitlist orders submitted and not yet prepaid, cancelled or expired (from the events).
    QMap<QString, PendingPrepay> awaitingPrepay_;
    QAction* waitlistCap_ = nullptr;
    QAction* waitlistRules_ = nullptr;
    QAction* defineTrain_ = nullptr;
};

}  // namespace houbu
