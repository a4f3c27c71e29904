#pragma once
// The engine and its store on a worker thread of this process.

#include <QString>

#include "houbu/session.h"
#include "houbu/store.h"

class QThread;

namespace houbu {

class EmbeddedWorker;

// Engine and store on a worker thread. With an empty location the engine runs
// in memory; otherwise it opens (or creates) that store.
class EmbeddedSession : public Session {
    Q_OBJECT

  public:
    explicit EmbeddedSession(QObject* parent = nullptr);
    ~EmbeddedSession() override;

    // Opens the engine; answered by opened(ok, message) and a first snapshot.
    void open(const StoreOptions& options);

    QString description() const override;
    bool isRemote() const override { return false; }
    void send(const QList<QByteArray>& commands) override;
    quint64 submit(const QByteArray& command) override;
    quint64 precheck(const QByteArray& command) override;
    void sendCommand(const Command& command) override;
    quint64 submitCommand(const Command& command) override;
    quint64 precheckCommand(const Command& command) override;
    void focus(const QString& train, const QString& date) override;
    void showQueueRows(const QString& travelClass, int from, int to, int first, int rows) override;
    void explain(const QString& orderId) override;
    void analyseHistory(const QString& train, const QString& date) override;
    void comparePolicies(const QString& train, const QString& date) override;
    void explainEvent(const QString& order, qint64 seq, int line) override;
    bool canExplainEvents() const override { return true; }
    // Engine::answerQuery on the worker thread, one chunk at a time (see
    // EmbeddedWorker::forecastChunk): a command waits for one chunk at most.
    void forecast(const QStringList& orders, int minutes) override;
    bool canForecast() const override { return true; }
    // Engine::forecastRun on the worker thread, its paths a chunk at a time.
    void forecastRun(const QString& train, const QString& date, int minutes) override;
    bool canForecastRun() const override { return true; }
    // Feeds a whole scenario (JSON Lines) in batches with progress; cancel() stops it
    // between batches.
    void load(const QByteArray& scenario);
    void cancel();
    // Writes the journal (or, in memory, the commands applied) as a scenario.
    void exportScenario(const QString& path);

    // Step mode. With matching paused each command sent is applied on the
    // engine itself, after an undo mark (Engine::mark), up to its first
    // matching decision; stepForward() applies one decision, stepBack() undoes
    // one (the command is taken back and applied again up to the decision
    // before; at a command's first decision it goes back into the last
    // decision of the command before it), runToEnd() applies everything
    // pending. Nothing is copied: Back costs what the commands touched. The
    // stepped commands reach the journal whole, in order, once nothing is
    // left to step (taken back and applied again through it), and the events
    // each gives there are checked against the stepped ones. Turning step
    // mode off runs everything pending first. Answered by stepStateChanged.
    void setStepMode(bool on);
    void stepForward();
    void stepBack();
    void runToEnd();

  signals:
    void opened(bool ok, const QString& message);
    void exported(bool ok, const QString& message);
    void stepStateChanged(const houbu::StepState& state);

  private:
    quint64 lastTicket_ = 0;
    QThread* thread_ = nullptr;
    EmbeddedWorker* worker_ = nullptr;
    QString location_;
};

}  // namespace houbu
