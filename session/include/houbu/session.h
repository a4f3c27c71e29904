#pragma once
// The console's connection to an engine: commands in, events out, snapshots
// of what to display. Two implementations share this interface: the embedded
// session (engine and store on a worker thread, embedded_session.h) and the
// remote session to houbud (remote_session.h). The GUI thread never waits on either: every answer
// is a signal.

#include <QObject>
#include <QString>
#include <QStringList>

#include "houbu/command.h"
#include "houbu/session_types.h"

namespace houbu {

class Session : public QObject {
    Q_OBJECT

  public:
    using QObject::QObject;
    ~Session() override = default;

    // "Embedded · /path/houbu.db", "Embedded · in memory", "Remote · https://..."
    virtual QString description() const = 0;
    virtual bool isRemote() const = 0;
    // False for a viewer (read-only) connection; the reason is shown on actions.
    virtual bool canSend() const { return true; }

    // Sends command lines (JSON, commands.md); answered by eventsApplied (and
    // snapshotChanged) or failed.
    virtual void send(const QList<QByteArray>& commands) = 0;
    // Sends one command on its own and returns a ticket (never 0). Answered by
    // commandAnswered(ticket, events, failure): `events` are exactly the events
    // that command caused (possibly none, e.g. an advance with nothing due), or
    // `failure` says why it was not applied (storage, connection). The events
    // also reach eventsApplied as usual; a failure here does not raise `failed`.
    virtual quint64 submit(const QByteArray& command) = 0;
    // Asks what the engine would answer one command (a JSON line) now, without
    // applying it; answered by prechecked(ticket, reply) with a ticket of its own.
    // The default has no engine to ask: its reply is not `known`.
    virtual quint64 precheck(const QByteArray& command);
    // The same three for a typed command, as the console's dialogs and
    // actions build them. The embedded session takes it to its engine as it
    // is and encodes it once, for the journal (prepareCommand); the default,
    // for a remote engine, encodes it for the network.
    virtual void sendCommand(const Command& command);
    virtual quint64 submitCommand(const Command& command);
    virtual quint64 precheckCommand(const Command& command);
    // Chooses the run whose seats and queues the snapshots carry.
    virtual void focus(const QString& train, const QString& date) = 0;
    // Has the snapshots carry `rows` orders of the shown run's queue
    // `travelClass` `from`→`to` (stop indices) from rank `first` + 1 on: a
    // long queue is read where the console shows it, never whole. A change
    // of run forgets these windows (ConsoleSnapshot::queues says what a run's
    // queues carry then).
    virtual void showQueueRows(const QString& travelClass, int from, int to, int first,
                               int rows) = 0;
    // Asks why a queued order waits; answered by whyWaiting.
    virtual void explain(const QString& orderId) = 0;
    // Replays the journal for a run's history (queues, releases, fulfilments,
    // utilisation); answered by historyReady, with progress.
    virtual void analyseHistory(const QString& train, const QString& date);
    // Replays the journal under both policies for one run; answered by comparisonReady.
    virtual void comparePolicies(const QString& train, const QString& date);
    // Why event `seq` (of command line `line`) went as it did for waitlist
    // order `order`: the command applied again, decision by decision, on the
    // engine as it was before it (explanation.h); answered by eventExplained.
    // The default has no journal to replay.
    virtual void explainEvent(const QString& order, qint64 seq, int line);
    // Whether explainEvent can be answered.
    virtual bool canExplainEvents() const { return false; }
    // Asks the engine to forecast these queued orders (commands.md
    // "forecast"), in this order, without journaling anything: each to be
    // served within `minutes` of the engine's clock (or by its expiry, if
    // sooner). A forecast's cost grows with its horizon: a few tens of
    // milliseconds for half an hour, seconds for an order's whole fortnight
    // on a 1/500 day. Answered by forecasted a few at a time, between
    // commands, with forecastProgress. A call replaces the orders still
    // waiting from the last one. The default has no engine to ask.
    virtual void forecast(const QStringList& orders, int minutes);
    // Whether forecast() is answered.
    virtual bool canForecast() const { return false; }
    // Asks the engine to forecast every order queued on the run at once
    // (Engine::forecastRun), each to be served within `minutes`: answered by
    // runForecasted, its paths drawn a chunk at a time between commands with
    // runForecastProgress. A call replaces one still being drawn. The
    // default has no engine to ask.
    virtual void forecastRun(const QString& train, const QString& date, int minutes);
    // Whether forecastRun() is answered.
    virtual bool canForecastRun() const { return false; }

  protected:
    quint64 nextPrecheck() { return ++lastPrecheck_; }

  signals:
    void eventsApplied(const QList<houbu::EventRecord>& events);
    void snapshotChanged(const houbu::SnapshotPtr& snapshot);
    void whyWaiting(const QString& orderId, const std::vector<houbu::WaitReason>& reasons);
    // A command batch could not be applied (storage failure, lost connection).
    void failed(const QString& message);
    void commandAnswered(quint64 ticket, const QList<houbu::EventRecord>& events,
                         const QString& failure);
    void prechecked(quint64 ticket, const houbu::PrecheckReply& reply);
    // Long work (loading a large scenario or store): progress from 0 to total.
    void progress(const QString& what, qint64 done, qint64 total);
    // Null with an error message when the analysis failed or was cancelled.
    void historyReady(const std::shared_ptr<const houbu::RunHistory>& history,
                      const QString& error);
    void comparisonReady(const std::shared_ptr<const houbu::PolicyComparison>& comparison,
                         const QString& error);
    void forecasted(const QList<houbu::OrderForecast>& forecasts);
    // Orders of the last forecast() answered so far, of `total`.
    void forecastProgress(int done, int total);
    // The answers of forecastRun(), every order queued on the run (empty
    // for a run the engine does not know).
    void runForecasted(const QString& train, const QString& date,
                       const QList<houbu::OrderForecast>& forecasts);
    // Paths of the last forecastRun() drawn so far, of `total`.
    void runForecastProgress(const QString& train, const QString& date, int done, int total);
    // Null with an error message when the event could not be explained.
    void eventExplained(const std::shared_ptr<const houbu::EventExplanation>& explanation,
                        const QString& error);

  private:
    quint64 lastPrecheck_ = 0;
};

}  // namespace houbu
