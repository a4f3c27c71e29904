#include <QBuffer>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMetaObject>
#include <QSet>
#include <QSysInfo>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>

#include "houbu/analysis.h"
#include "houbu/codec.h"
#include "houbu/command_encoder.h"
#include "houbu/embedded_session.h"
#include "houbu/line_archive.h"
#include "houbu/line_numbers.h"
#include "houbu/run_forecast.h"
#include "run_view_cache.h"

namespace houbu {

using namespace Qt::StringLiterals;

// Lives on the session's worker thread; owns the engine (in memory or in a store).
class EmbeddedWorker : public QObject {
    Q_OBJECT

  public:
    std::atomic<bool> cancelled{false};

    EmbeddedWorker() {
        publishTimer_.setSingleShot(true);
        connect(&publishTimer_, &QTimer::timeout, this, [this] { publish(); });
        rankTimer_.setSingleShot(true);
        connect(&rankTimer_, &QTimer::timeout, this, [this] { publish(); });
    }

    void open(const StoreOptions& options) {
        // What was asked before this open happens first, on the store it was for.
        while (historyPending_)
            readHistoryPage();
        engineOptions_ = options.engine;
        runView_.forget();
        store_.reset();
        memory_.reset();
        applied_.clear();
        appliedNumbers_.clear();
        nextLine_ = 1;
        forecastQueue_.clear();
        runForecast_.reset();
        // The console's commands are its OS user's, on this machine.
        QString user = qEnvironmentVariable("USER");
        if (user.isEmpty()) user = qEnvironmentVariable("USERNAME");
        const Author author{user.isEmpty() ? u"(unknown user)"_s : user, u"console"_s,
                            QSysInfo::machineHostName()};
        author_ = authorText(author.name, author.role, author.host);
        if (options.location.isEmpty()) {
            memory_ = std::make_unique<Runner>(options.engine);
            memory_->engine().setTraceSink(&trace_);
        } else {
            QString error;
            StoreOptions withProgress = options;
            withProgress.progress = reporter(tr("Opening the store"));
            withProgress.author = author;
            store_ = Store::open(withProgress, error);
            if (!store_) {
                emit opened(false, error);
                return;
            }
            store_->setTraceSink(&trace_);
            store_->setEventTap(&typed_);
            continueAfterJournal();
        }
        emit opened(true, QString());
        publish();
        if (store_) readHistory();
    }

    // The log of a store opened starts with its history: its last
    // kHistoryEvents events, as they were handed out (the match trace of
    // those commands was not kept), as far back as the store holds them in
    // memory (a snapshot keeps the events before it). An older one would be
    // re-derived on an engine restored from a snapshot beside the live one:
    // on a whole day, twice the memory.
    //
    // It is read a page per turn of this thread's event loop, so that a run
    // switched to meanwhile is shown after one page, not after all of them
    // (0.7 s on the 1/25 day); what would add events to the log (commands,
    // step mode, a scenario) waits until the history is read, so that the
    // log stays in order.
    static constexpr qint64 kHistoryEvents = 200000;
    static constexpr int kHistoryPage = 5000;
    void readHistory() {
        historyLast_ = static_cast<qint64>(store_->engine().lastSeq());
        historyFirst_ =
            std::max<qint64>({0, historyLast_ - kHistoryEvents, store_->firstRecentEvent() - 1});
        historyAfter_ = historyFirst_;
        historyPending_ = true;
        readHistoryPage();
    }

    void readHistoryPage() {
        if (!historyPending_) return;
        const QString what = tr("Reading the log");
        const qint64 total = historyLast_ - historyFirst_;
        bool more = store_ && historyAfter_ < historyLast_;  // (a store closed meanwhile)
        if (more) {
            emit progress(what, historyAfter_ - historyFirst_, total);
            more = readHistoryEvents();
        }
        if (more) {
            QMetaObject::invokeMethod(
                this, [this] { readHistoryPage(); }, Qt::QueuedConnection);
            return;
        }
        historyPending_ = false;
        emit progress(what, total, total);
        for (auto& action : std::exchange(afterHistory_, {}))
            action();
    }

    // One page of the history, handed to the log; false when nothing is left.
    bool readHistoryEvents() {
        QByteArray out;
        QString error;
        if (!store_->readEvents(historyAfter_, kHistoryPage, out, error)) {
            emit failed(tr("The log's history cannot be read: %1").arg(error));
            return false;
        }
        QString unreadable;
        QList<EventRecord> events = eventRecords(out, QString(), &unreadable);
        if (!unreadable.isEmpty()) emit failed(tr("The log's history: %1").arg(unreadable));
        if (events.isEmpty()) return false;
        // Who sent each command, from the journal rows behind the page.
        const qint64 pageLast = events.back().seq;
        auto event = events.begin();
        store_->readJournal(
            store_->journalRowOfEvent(historyAfter_ + 1),
            [&](const JournalEntry& row) {
                if (row.firstEvent > pageLast) return false;
                const QString who = authorText(row.author.name, row.author.role, row.author.host);
                while (event != events.end() && event->seq < row.firstEvent + row.eventCount) {
                    if (event->seq >= row.firstEvent) event->author = who;
                    ++event;
                }
                return true;
            },
            error);
        historyAfter_ = pageLast;
        emit eventsApplied(events);
        return historyAfter_ < historyLast_;
    }

    // True when `action` was put off until the history is read.
    bool afterHistory(std::function<void()> action) {
        if (!historyPending_) return false;
        afterHistory_.push_back(std::move(action));
        return true;
    }

    void send(const QList<QByteArray>& commands) {
        if (!ready() || afterHistory([this, commands] { send(commands); })) return;
        lastCommand_.start();
        if (stepMode_) {
            if (!stepping_ && waiting_.isEmpty()) passed_.clear();  // news of the last batch
            for (const InputLine& l : number(commands))
                waiting_.append(l);
            pump();
            return;
        }
        // After a storage failure the views keep the last committed state.
        if (apply(commands)) publishSoon();
    }

    // ---- step mode -------------------------------------------------------------
    // Commands are stepped on the engine itself, each after an undo mark
    // (Engine::mark), never on a copy of it. Back takes commands back
    // (Engine::undo) and applies the last one again up to one decision fewer.
    // The commands stepped to their end stay applied under their marks until
    // nothing is paused; then they are taken back and applied again through
    // the journal, which must give the events they gave step by step.

    void setStepMode(bool on) {
        if (!ready() || afterHistory([this, on] { setStepMode(on); })) return;
        if (!on) finishAll();
        stepMode_ = on;
        publishStep();
    }

    void stepForward() {
        if (!stepping_ || afterHistory([this] { stepForward(); })) return;
        history_.push_back(stepping_->pending());
        stepping_->step();
        if (stepping_->done()) {
            finishCurrent();
            pump();
            return;
        }
        publish(Answer::Operator);
        publishStep();
    }

    // One decision back: within the command, or, at its first decision, into
    // the last decision of the command stepped before it (not committed yet).
    void stepBack() {
        if (!stepping_ || afterHistory([this] { stepBack(); })) return;
        if (history_.empty()) {
            std::size_t j = done_.size();
            while (j > 0 && done_[j - 1].decisions.empty())
                --j;
            if (j == 0) return;
            // The commands after that one go back in front of the waiting ones, in order.
            QList<InputLine> again;
            for (std::size_t i = j; i < done_.size(); ++i)
                again << done_[i].line;
            again << currentLine_;
            waiting_ = again + waiting_;
            // The current command, those stepped after that one, and that one go back.
            takeBack(done_.size() - j + 2, done_[j - 1].firstEvent);
            Stepped previous = std::move(done_[j - 1]);
            done_.resize(j - 1);
            current_ = previous.command;
            currentLine_ = previous.line;
            history_ = std::move(previous.decisions);
        } else {
            takeBack(1, currentEvents_);
        }
        history_.pop_back();
        startCurrent();
        for (std::size_t i = 0; i < history_.size() && !stepping_->done(); ++i)
            stepping_->step();
        publish(Answer::Operator);
        publishStep();
    }

    // Closing: the commands stepped to their end reach the journal; the one
    // still paused is taken back.
    void commitFinished() { commitDone(); }

    void runToEnd() {
        if (!ready() || afterHistory([this] { runToEnd(); })) return;
        finishAll();
        publish(Answer::Operator);
        publishStep();
    }

    void submit(quint64 ticket, const QByteArray& command) { submitLine(ticket, command, {}); }

    // A typed command: encoded once for the journal, and applied as the
    // reader read it back from that encoding (prepareCommand), not parsed.
    void submitCommand(quint64 ticket, const Command& command) {
        JournalCommand journal = prepareCommand(command);
        submitLine(ticket, journal.line, readAlready(journal));
    }

    // `parsed`: the line read already, or empty to read it here.
    void submitLine(quint64 ticket, const QByteArray& command,
                    const std::vector<ParsedLine>& parsed) {
        lastCommand_.start();
        if (!ready()) {
            emit commandAnswered(ticket, {}, tr("No engine is open."));
            return;
        }
        if (stepMode_) {
            // Matching is paused: the command joins the stepped ones; its outcome
            // shows in the step banner and the log, not in the dialog.
            send({command});
            emit commandAnswered(ticket, {}, QString());
            return;
        }
        QList<EventRecord> events;
        QString error;
        if (!applyLines(number({command}), parsed, nullptr, &events, &error)) {
            emit commandAnswered(ticket, {}, error);
            return;
        }
        publish(Answer::Operator);
        emit commandAnswered(ticket, events, QString());
    }

    void sendCommand(const Command& command) {
        if (!ready() || afterHistory([this, command] { sendCommand(command); })) return;
        // Paused, it waits as a line among the stepped ones, read when stepped.
        if (stepMode_) return send({encodeCommand(command)});
        JournalCommand journal = prepareCommand(command);
        lastCommand_.start();
        // The operator waits to see it: published now, not with the next frame.
        if (applyLines(number({journal.line}), readAlready(journal))) publish(Answer::Operator);
    }

    static std::vector<ParsedLine> readAlready(JournalCommand& journal) {
        std::vector<ParsedLine> parsed;
        parsed.push_back(std::move(journal.parsed));
        return parsed;
    }

    void precheck(quint64 ticket, const QByteArray& command) {
        // Parsed as a journaled line is: a line the parser declines is the
        // bad_command the engine would report for it.
        precheckParsed(ticket, parseCommandLine(command));
    }

    void precheckCommand(quint64 ticket, const Command& command) {
        precheckParsed(ticket, readAsJournaled(command));
    }

    void precheckParsed(quint64 ticket, const ParsedLine& parsed) {
        PrecheckReply reply;
        if (ready()) {
            reply.known = true;
            if (parsed.command) {
                reply.answer = engine().precheck(*parsed.command);
                if (reply.answer.accepted()) preview(*parsed.command, reply);
            } else if (!parsed.skip) {
                reply.answer.error = ErrorCode::BadCommand;
                reply.answer.message = parsed.error.toStdString();
            }
        }
        emit prechecked(ticket, reply);
    }

    // What an accepted command would do, for the dialog that is about to send
    // it: applied under an undo mark and taken back, its events kept (out of
    // the log) and its run's longest queue compared. Its cost is the
    // command's. Not while matching is paused: a command there is stepped.
    void preview(const Command& command, PrecheckReply& reply) {
        if (stepMode_ || isQuery(command.op)) return;
        // A dialog asks again after every snapshot; under a live load that is
        // many times a second, and twice a second is as often as anyone reads.
        constexpr qint64 kPreviewAgeMs = 500;
        if (command != lastPreview_.command || !lastPreview_.age.isValid() ||
            lastPreview_.age.elapsed() >= kPreviewAgeMs) {
            lastPreview_.command = command;
            lastPreview_.preview = stepEngine().previewCommand(command, nextLine_);
            lastPreview_.age.start();
        }
        reply.preview = lastPreview_.preview;
    }
    struct LastPreview {
        Command command;
        CommandPreview preview;
        QElapsedTimer age;
    } lastPreview_;

    // ---- forecasts ---------------------------------------------------------------
    // A forecast costs up to about 20 ms on a whole day, so they are answered
    // a chunk at a time, each chunk posted behind whatever the window sent
    // meanwhile: a command waits for one chunk at most. While commands keep
    // coming, a chunk is followed by a pause twice its length, so forecasts
    // take at most a third of the thread from a live load.

    void forecast(const QStringList& orders, int minutes) {
        forecastMinutes_ = minutes;
        forecastQueue_.clear();
        QSet<QString> seen;
        for (const QString& id : orders)
            if (!seen.contains(id)) {
                seen.insert(id);
                forecastQueue_.append(id);
            }
        forecastDone_ = 0;
        forecastTotal_ = static_cast<int>(forecastQueue_.size());
        if (forecastTotal_ == 0) {
            emit forecastProgress(0, 0);
            return;
        }
        emit forecastProgress(forecastDone_, forecastTotal_);
        if (!forecastPosted_) postForecastChunk(0);
    }

    static constexpr qint64 kForecastChunkMs = 4;
    static constexpr qint64 kLiveLoadMs = 250;  // a command this recent: commands keep coming

    void postForecastChunk(qint64 pauseMs) {
        forecastPosted_ = true;
        QTimer::singleShot(static_cast<int>(pauseMs), this, [this] { forecastChunk(); });
    }

    void forecastChunk() {
        forecastPosted_ = false;
        if (!ready() || forecastQueue_.isEmpty()) return;
        const Engine& e = engine();
        QElapsedTimer spent;
        spent.start();
        QList<OrderForecast> answers;
        do {
            answers.append(forecastOf(e, forecastQueue_.takeFirst(), forecastMinutes_));
            ++forecastDone_;
        } while (!forecastQueue_.isEmpty() && spent.elapsed() < kForecastChunkMs);
        emit forecasted(answers);
        emit forecastProgress(forecastDone_, forecastTotal_);
        if (forecastQueue_.isEmpty()) return;
        const bool live = lastCommand_.isValid() && lastCommand_.elapsed() < kLiveLoadMs;
        postForecastChunk(live ? 2 * spent.elapsed() : 0);
    }

    // A run's forecast: made from the state at once (Engine::forecastRun
    // copies what it needs), then its paths drawn a chunk at a time like
    // the forecasts above, so that commands go on meanwhile.
    void forecastRun(const QString& train, const QString& date, int minutes) {
        if (!ready()) {
            emit runForecasted(train, date, {});
            return;
        }
        const Engine& e = engine();
        runForecast_ =
            e.forecastRun(train.toStdString(), date.toStdString(), e.clock() + Time{minutes} * 60);
        runForecastTrain_ = train;
        runForecastDate_ = date;
        if (!runForecast_) {
            emit runForecasted(train, date, {});
            return;
        }
        emit runForecastProgress(train, date, 0, runForecast_->total());
        if (!runForecastPosted_) postRunForecastChunk(0);
    }

    void postRunForecastChunk(qint64 pauseMs) {
        runForecastPosted_ = true;
        QTimer::singleShot(static_cast<int>(pauseMs), this, [this] { runForecastChunk(); });
    }

    void runForecastChunk() {
        runForecastPosted_ = false;
        if (!runForecast_) return;
        QElapsedTimer spent;
        spent.start();
        bool done = false;
        do {
            done = runForecast_->advance(1);
        } while (!done && spent.elapsed() < kForecastChunkMs);
        emit runForecastProgress(runForecastTrain_, runForecastDate_, runForecast_->drawn(),
                                 runForecast_->total());
        if (done) {
            QList<OrderForecast> answers;
            answers.reserve(static_cast<qsizetype>(runForecast_->answers().size()));
            const QString clock = QString::fromStdString(formatTime(runForecast_->clock()));
            for (const RunOrderForecast& a : runForecast_->answers()) {
                OrderForecast f;
                f.order = QString::fromStdString(a.order);
                f.value = a.value;
                f.seq = static_cast<qint64>(runForecast_->seq());
                f.clock = clock;
                f.wholeRun = true;
                answers.append(std::move(f));
            }
            runForecast_.reset();
            emit runForecasted(runForecastTrain_, runForecastDate_, answers);
            return;
        }
        const bool live = lastCommand_.isValid() && lastCommand_.elapsed() < kLiveLoadMs;
        postRunForecastChunk(live ? 2 * spent.elapsed() : 0);
    }

    std::unique_ptr<RunForecast> runForecast_;
    QString runForecastTrain_, runForecastDate_;
    bool runForecastPosted_ = false;

    // The engine's answer to a forecast query, on the state as it is (nothing journaled).
    static OrderForecast forecastOf(const Engine& e, const QString& order, int minutes) {
        struct Answer : EventSink {
            Event event;
            void onEvent(const Event& ev) override { event = ev; }
        } answer;
        Command query;
        query.op = Op::Forecast;
        query.id = order.toStdString();
        query.until = e.clock() + Time{minutes} * 60;
        e.answerQuery(query, 0, answer);
        OrderForecast f;
        f.order = order;
        f.seq = static_cast<qint64>(e.lastSeq());
        f.clock = QString::fromStdString(formatTime(e.clock()));
        if (answer.event.kind == EventKind::Forecast)
            f.value = answer.event.forecast;
        else
            f.error = answer.event.code;
        return f;
    }

    QStringList forecastQueue_;
    int forecastMinutes_ = 0;
    int forecastDone_ = 0;
    int forecastTotal_ = 0;
    bool forecastPosted_ = false;
    QElapsedTimer lastCommand_;

    void load(const QByteArray& scenario) {
        if (!ready() || afterHistory([this, scenario] { load(scenario); })) return;
        finishAll();
        cancelled = false;
        // Lines as QByteArray::split gives them, a batch at a time (a day's
        // scenario is gigabytes, and splitting it whole would hold it twice);
        // a final newline ends a line.
        const qint64 total = scenario.count('\n') + (scenario.endsWith('\n') ? 0 : 1);
        // A day's file is loaded untraced: the trace would cost the matcher
        // its fast path and the log millions of rows no one reads.
        traceLoads(total <= kTracedLoadLines);
        constexpr qsizetype kBatch = 500;
        bool ok = true;
        qsizetype at = 0;
        qint64 done = 0;
        while (done < total) {
            if (cancelled) {
                emit failed(tr("Loading cancelled after %1 of %2 lines.").arg(done).arg(total));
                break;
            }
            emit progress(tr("Loading scenario"), done, total);
            QList<QByteArray> batch;
            batch.reserve(kBatch);
            while (batch.size() < kBatch && done < total) {
                qsizetype end = scenario.indexOf('\n', at);
                if (end < 0) end = scenario.size();
                // In memory a line is read where it lies in the file (the
                // archive keeps its own copy); a store may keep its lines longer.
                batch << (store_ ? scenario.mid(at, end - at)
                                 : QByteArray::fromRawData(scenario.constData() + at, end - at));
                at = end + 1;
                ++done;
            }
            if (!apply(batch)) {
                ok = false;
                break;
            }
        }
        traceLoads(true);
        emit progress(tr("Loading scenario"), total, total);
        if (ok) publish();
    }

    void focus(const QString& train, const QString& date) {
        focusTrain_ = train.toStdString();
        focusDate_ = date.toStdString();
        if (ready()) publish();
    }

    void showQueueRows(const QString& travelClass, int from, int to, int first, int rows) {
        if (queueWindow_.show(travelClass.toStdString(), from, to,
                              static_cast<std::size_t>(std::max(first, 0)),
                              static_cast<std::size_t>(std::max(rows, 0))) &&
            ready())
            publishRowsShown();
    }

    // Queues coming into view together (a scroll past many short ones) ask
    // one after another: they are read in one publish, after the last.
    bool rowsShownPosted_ = false;
    void publishRowsShown() {
        if (rowsShownPosted_) return;
        rowsShownPosted_ = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                rowsShownPosted_ = false;
                if (ready()) publish(Answer::Operator);
            },
            Qt::QueuedConnection);
    }

    void explain(const QString& orderId) {
        if (!ready()) return;
        emit whyWaiting(orderId, engine().whyWaiting(orderId.toStdString()));
    }

    void exportScenario(const QString& path) {
        QFile out(path);
        if (!ready() || !out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            emit exported(false, tr("Cannot write %1: %2").arg(path, out.errorString()));
            return;
        }
        QString error;
        bool ok = true;
        if (store_) {
            ok = store_->exportScenario(out, error);
        } else {
            applied_.scan(0, [&](std::size_t, QByteArrayView line) {
                out.write(line.data(), line.size());
                out.write("\n", 1);
                return true;
            });
        }
        out.close();
        emit exported(ok, ok ? tr("Journal exported to %1").arg(path) : error);
    }

    void analyseHistory(const QString& train, const QString& date) {
        QString error;
        std::shared_ptr<const RunHistory> result;
        QList<QByteArray> lines;
        if (journal(lines, error)) {
            result = replayHistory(lines, engineOptions_, train.toStdString(), date.toStdString(),
                                   reporter(tr("Replaying the journal")), error);
        }
        emit historyReady(result, error);
    }

    void comparePolicies(const QString& train, const QString& date) {
        QString error;
        std::shared_ptr<const PolicyComparison> result;
        QList<QByteArray> lines;
        if (journal(lines, error)) {
            result = houbu::comparePolicies(lines, engineOptions_, train.toStdString(),
                                            date.toStdString(),
                                            reporter(tr("Replaying under both policies")), error);
        }
        emit comparisonReady(result, error);
    }

    void explainEvent(const QString& order, qint64 seq, int line) {
        QString error;
        std::shared_ptr<EventExplanation> result;
        if (!ready()) {
            error = tr("No engine is open.");
        } else if (store_) {
            // The engine before the command, from the store's snapshot and journal.
            const qint64 row = store_->journalRowOfEvent(seq);
            JournalEntry entry;
            std::unique_ptr<Engine> before =
                row > 0 ? store_->engineBefore(row, entry, error) : nullptr;
            if (row <= 0) error = tr("Event %1 is not in the journal.").arg(seq);
            if (before)
                result =
                    explainDecision(*before, entry.command, entry.line, order.toStdString(), error);
        } else {
            // In memory: the session's own commands again in a fresh engine, up to that line.
            const std::optional<std::size_t> at = appliedNumbers_.indexOf(line);
            if (!at) {
                error = tr("Line %1 is not a command of this session.").arg(line);
            } else {
                const std::size_t k = *at;
                Runner replay(memory_->engine().options());
                QByteArray ignored;
                applied_.scan(0, [&](std::size_t i, QByteArrayView text) {
                    if (i >= k) return false;
                    replay.processLine(text, appliedNumbers_.at(i), ignored);
                    ignored.clear();
                    return true;
                });
                result = explainDecision(replay.engine(), applied_.at(k), line, order.toStdString(),
                                         error);
            }
        }
        if (result) result->eventSeq = seq;
        emit eventExplained(result, result ? QString() : error);
    }

  signals:
    void eventExplained(const std::shared_ptr<const houbu::EventExplanation>& explanation,
                        const QString& error);
    void historyReady(const std::shared_ptr<const houbu::RunHistory>& history,
                      const QString& error);
    void comparisonReady(const std::shared_ptr<const houbu::PolicyComparison>& comparison,
                         const QString& error);
    void opened(bool ok, const QString& message);
    void eventsApplied(const QList<houbu::EventRecord>& events);
    void snapshotChanged(const houbu::SnapshotPtr& snapshot);
    void whyWaiting(const QString& orderId, const std::vector<houbu::WaitReason>& reasons);
    void failed(const QString& message);
    void prechecked(quint64 ticket, const houbu::PrecheckReply& reply);
    void commandAnswered(quint64 ticket, const QList<houbu::EventRecord>& events,
                         const QString& failure);
    void progress(const QString& what, qint64 done, qint64 total);
    void exported(bool ok, const QString& message);
    void stepStateChanged(const houbu::StepState& state);
    void forecasted(const QList<houbu::OrderForecast>& forecasts);
    void forecastProgress(int done, int total);
    void runForecasted(const QString& train, const QString& date,
                       const QList<houbu::OrderForecast>& forecasts);
    void runForecastProgress(const QString& train, const QString& date, int done, int total);

  private:
    // The log's history being read (readHistory): events after historyAfter_
    // up to historyLast_, and what waits for it.
    bool historyPending_ = false;
    qint64 historyFirst_ = 0, historyAfter_ = 0, historyLast_ = 0;
    std::vector<std::function<void()>> afterHistory_;

    bool ready() const { return store_ || memory_; }

    // The commands applied so far, one line each (the store's journal or, in memory, the lines).
    bool journal(QList<QByteArray>& lines, QString& error) {
        if (!ready()) {
            error = tr("No engine is open.");
            return false;
        }
        if (!store_) {
            lines.clear();
            lines.reserve(static_cast<qsizetype>(applied_.size()));
            applied_.scan(0, [&](std::size_t, QByteArrayView line) {
                lines << line.toByteArray();
                return true;
            });
            return true;
        }
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        if (!store_->exportScenario(buffer, error)) return false;
        lines = buffer.data().split('\n');
        if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
        return true;
    }

    AnalysisProgress reporter(const QString& what) {
        cancelled = false;
        return [this, what](qint64 done, qint64 total) {
            emit progress(what, done, total);
            return !cancelled.load();
        };
    }
    const Engine& engine() { return store_ ? store_->engine() : memory_->engine(); }

    // Numbers the lines as houbu-cli does, every line counted (blank lines and
    // comments too, though they are not commands), so that an event's `line`
    // is the command's line in its file.
    QList<InputLine> number(const QList<QByteArray>& commands) {
        QList<InputLine> lines;
        for (const QByteArray& c : commands) {
            const int n = nextLine_++;
            const QByteArray trimmed = c.trimmed();
            if (trimmed.isEmpty() || trimmed.startsWith('#')) continue;
            lines.append({trimmed, n});
        }
        return lines;
    }

    // A reopened store goes on after the last line it journaled (the lines of a
    // loaded file keep their numbers, so there are more lines than rows).
    void continueAfterJournal() {
        const qint64 rows = store_->journalLength();
        int last = static_cast<int>(rows);
        QString error;
        if (rows > 0)
            store_->readJournal(
                rows,
                [&last](const JournalEntry& e) {
                    last = std::max(last, e.line);
                    return false;
                },
                error);
        nextLine_ = last + 1;
    }

    bool apply(const QList<QByteArray>& commands) { return applyLines(number(commands)); }

    // Applies numbered lines. With `all`, every record given to the log is
    // also returned there; with `answer`, the command's own events (the match
    // trace left out), and a storage failure is reported through `failure`
    // instead of `failed`. The engine's events are kept typed as it emits
    // them; a store prints their lines for its journal, and without one the
    // log prints them.
    // `parsed`, when not empty, holds the lines read already (one per line).
    bool applyLines(const QList<InputLine>& lines, const std::vector<ParsedLine>& parsed = {},
                    QList<EventRecord>* all = nullptr, QList<EventRecord>* answer = nullptr,
                    QString* failure = nullptr) {
        if (lines.isEmpty()) return true;
        QByteArray out;
        trace_.clear();
        typed_.events.clear();
        if (store_) {
            QString error;
            if (!(parsed.empty() ? store_->apply(lines, out, error)
                                 : store_->applyParsed(lines, parsed, out, error))) {
                typed_.events.clear();
                trace_.clear();
                continueAfterJournal();
                if (failure)
                    *failure = error;
                else
                    emit failed(error);
                return false;
            }
        } else {
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const InputLine& l = lines[i];
                memory_->processParsed(
                    parsed.empty() ? parseCommandLine(l.text) : parsed[static_cast<std::size_t>(i)],
                    l.number, typed_);
                applied_.append(l.text);
                appliedNumbers_.append(l.number);
            }
        }
        QList<EventRecord> events;
        events.reserve(static_cast<qsizetype>(typed_.events.size() + trace_.events.size()));
        // The match trace goes right after the event it follows (its seq).
        std::size_t nextTrace = 0;
        auto traceUpTo = [&](std::uint64_t seq) {
            for (; nextTrace < trace_.events.size() && trace_.seqs[nextTrace] <= seq; ++nextTrace)
                events.append(EventRecord(std::move(trace_.events[nextTrace]),
                                          std::move(trace_.lines[nextTrace]), author_));
        };
        // A store printed the lines for its journal: the log takes them. In
        // memory the events stay typed, and the log prints them on its own
        // thread.
        qsizetype at = 0;
        for (Event& e : typed_.events) {
            const std::uint64_t seq = e.seq;
            QByteArray line;
            if (store_) {
                qsizetype end = out.indexOf('\n', at);
                if (end < 0) end = out.size();
                line = out.mid(at, end - at);
                at = end + 1;
            }
            events.append(EventRecord(std::move(e), std::move(line), author_));
            traceUpTo(seq);
        }
        traceUpTo(std::numeric_limits<std::uint64_t>::max());
        const bool traced = !trace_.events.empty();
        trace_.clear();
        typed_.events.clear();
        if (!events.isEmpty()) emit eventsApplied(events);
        if (all) *all = events;
        if (answer) {
            // The command's own events, as a remote engine answers them: the
            // trace beside them went to the log.
            if (traced) events.removeIf([](const EventRecord& e) { return e.isTrace(); });
            *answer = std::move(events);
        }
        return true;
    }

    // The engine's events of the lines being applied, typed (Store::setEventTap).
    struct Typed : EventSink {
        std::vector<Event> events;
        void onEvent(const Event& e) override { events.push_back(e); }
    };
    Typed typed_;

    struct Collect : EventSink {
        QList<QByteArray> lines;
        std::vector<Event> events;
        void onEvent(const Event& e) override {
            lines << encodeEvent(e);
            events.push_back(e);
        }
        void clear() { truncate(0); }
        void truncate(qsizetype n) {
            lines.resize(n);
            events.resize(static_cast<std::size_t>(n));
        }
        std::vector<Event> eventsFrom(qsizetype from) const {
            return {events.begin() + from, events.end()};
        }
    };

    // The engine stepped in place: the store's own, or the one in memory.
    Engine& stepEngine() { return store_ ? store_->engineInPlace() : memory_->engine(); }

    // Starts the current command under a mark of its own, with its match
    // trace (the skipped orders are decisions too) among its events.
    void startCurrent() {
        Engine& e = stepEngine();
        if (!e.options().trace) setTraceSink(&stepEvents_);
        e.mark();
        currentEvents_ = stepEvents_.lines.size();
        stepping_ = e.applyStepwise(*current_, currentLine_.number, stepEvents_);
    }

    // Takes back the last `commands` commands stepped, the current one first
    // (a paused one is abandoned, not finished), and their events from `firstEvent` on.
    void takeBack(std::size_t commands, qsizetype firstEvent) {
        Engine& e = stepEngine();
        for (std::size_t i = 0; i < commands; ++i)
            e.undo();
        stepping_.reset();
        stepEvents_.truncate(firstEvent);
    }

    // Takes back every command stepped and not journaled; the trace goes to the log again.
    void takeBackAll() {
        Engine& e = stepEngine();
        while (e.undo()) {
        }
        stepping_.reset();
        stepEvents_.clear();
        setTraceSink(trace_.on ? &trace_ : nullptr);
        // A run added by a command taken back is gone: the shown run is read again.
        runView_.forget();
    }

    // The current command's decisions are all applied: it waits, uncommitted,
    // for the commands stepped after it, so that Back can return into it.
    void finishCurrent() {
        stepping_->finish();
        stepping_.reset();
        done_.push_back({currentLine_, *current_, history_, stepEvents_.eventsFrom(currentEvents_),
                         currentEvents_});
        history_.clear();
    }

    // Starts the next waiting command; commands without decisions go straight
    // through (and say so). Once nothing is paused, the stepped commands reach
    // the engine and the journal.
    void pump() {
        bool changed = false;
        while (!stepping_ && !waiting_.isEmpty()) {
            const InputLine line = waiting_.takeFirst();
            const ParsedLine parsed = parseCommandLine(line.text);
            if (!parsed.command) {
                changed = true;
                if (!commitDone() || !applyLines({line})) return dropWaiting();
                continue;
            }
            current_ = *parsed.command;
            currentLine_ = line;
            history_.clear();
            // The commands that went through are shown until one after a paused one starts.
            if (lastPaused_) passed_.clear();
            lastPaused_ = false;
            startCurrent();
            if (stepping_->done()) {
                passed_ << currentLine_;
                finishCurrent();
                changed = true;
            } else {
                lastPaused_ = true;
            }
        }
        if (!stepping_ && !commitDone()) return dropWaiting();
        if (stepping_ || changed) publish();
        publishStep();
    }

    void dropWaiting() {
        waiting_.clear();
        takeBackAll();
        done_.clear();
        publish();
        publishStep();
    }

    // Sends the stepped commands to the engine (and the journal) in order and
    // checks that each gives there the events it gave step by step.
    bool commitDone() {
        if (done_.empty() && !stepping_) return true;
        takeBackAll();
        if (done_.empty()) return true;
        const bool trace = engine().options().trace;
        // Sequence numbers differ when the engine does not trace; the rest must not.
        auto strip = [trace](std::vector<Event> events) {
            std::erase_if(events, [trace](const Event& e) {
                return !trace &&
                       (e.kind == EventKind::MatchConsidered || e.kind == EventKind::MatchSkipped);
            });
            QList<QByteArray> lines;
            for (Event& e : events) {
                e.seq = 0;
                lines << encodeEvent(e);
            }
            return lines;
        };
        const std::vector<Stepped> done = std::move(done_);
        done_.clear();
        for (const Stepped& d : done) {
            QList<EventRecord> records;
            if (!applyLines({d.line}, {}, &records)) return false;
            std::vector<Event> applied;
            for (EventRecord& r : records)
                applied.push_back(std::move(r.event));
            if (strip(d.events) != strip(std::move(applied)))
                emit failed(tr("Step mode and the engine disagree on line %1; the engine's "
                               "events are kept.")
                                .arg(d.line.number));
        }
        return true;
    }

    void finishAll() {
        while (stepping_ || !waiting_.isEmpty()) {
            if (stepping_) {
                while (!stepping_->done()) {
                    history_.push_back(stepping_->pending());
                    stepping_->step();
                }
                finishCurrent();
            }
            pump();
        }
        commitDone();
    }

    void publishStep() {
        StepState st;
        st.enabled = stepMode_;
        st.waiting = static_cast<int>(waiting_.size());
        for (const InputLine& l : passed_)
            st.passed.push_back({l.number, l.text});
        if (stepping_ && !stepping_->done()) {
            st.paused = true;
            st.command = currentLine_.text;
            st.line = currentLine_.number;
            st.applied = history_;
            st.next = stepping_->pending();
            st.pass = stepping_->pass();
            st.candidates = stepping_->candidates();
            st.events = stepEvents_.lines.mid(currentEvents_);
            st.canStepBack = !history_.empty() ||
                             std::any_of(done_.begin(), done_.end(),
                                         [](const Stepped& d) { return !d.decisions.empty(); });
        }
        emit stepStateChanged(st);
    }

    // Commands sent in a steady stream are published once a frame, not once
    // a batch: the window shows one a frame anyway (its SnapshotThrottle).
    // Publishing every 8 ms was measured on the 1/25 day and gained nothing
    // visible while taking time from the engine's thread. An operator's own
    // command, a change of run and step mode publish at once.
    static constexpr int kPublishEveryMs = 16;
    QTimer publishTimer_{this};
    QElapsedTimer sincePublish_;
    void publishSoon() {
        if (publishTimer_.isActive()) return;
        const qint64 since = sincePublish_.isValid() ? sincePublish_.elapsed() : kPublishEveryMs;
        if (since >= kPublishEveryMs)
            publish();
        else
            publishTimer_.start(static_cast<int>(kPublishEveryMs - since));
    }

    enum class Answer { Stream, Operator };
    void publish(Answer answer = Answer::Stream) {
        publishTimer_.stop();
        sincePublish_.start();
        const Engine& e = engine();
        auto snap = std::make_shared<ConsoleSnapshot>();
        snap->answersOperator = answer == Answer::Operator;
        snap->lastSeq = static_cast<qint64>(e.lastSeq());
        snap->clock = QString::fromStdString(formatTime(e.clock()));
        snap->journalLength =
            store_ ? store_->journalLength() : static_cast<qint64>(applied_.size());
        snap->runs = e.runSummaries();
        rankQueues(e, *snap);
        snap->limits = e.limits();
        std::string train = focusTrain_, date = focusDate_;
        RunView view;
        if (!e.run(train, date, view) && !snap->runs.empty()) {
            train = snap->runs.front().train;
            date = snap->runs.front().date;
            e.run(train, date, view);
        }
        if (!view.train.empty()) {
            snap->run = std::move(view);
            if (train != shownTrain_ || date != shownDate_) {
                // Another run: its first queues listed, the others counted
                // until the console shows them (showQueueRows).
                queueWindow_ = QueueWindow::headOf(e.queues(train, date, QueueWindow{0, {}}),
                                                   ConsoleSnapshot::kQueueRows,
                                                   ConsoleSnapshot::kQueueLinesAtFirst);
                shownTrain_ = train;
                shownDate_ = date;
            }
            runView_.read(e, train, date, queueWindow_, *snap);
            snap->standingTickets = e.standingTickets(train, date);
        }
        emit snapshotChanged(std::move(snap));
    }

    // Ranks the day's queues when the last ranking is older than
    // kRankEveryMs, else reuses it and publishes again once it is due, so the
    // ranking never stays behind the engine for longer than that.
    void rankQueues(const Engine& e, ConsoleSnapshot& snap) {
        const qint64 since =
            sinceRanking_.isValid() ? sinceRanking_.elapsed() : ConsoleSnapshot::kRankEveryMs;
        // Another engine (a file or store opened, a step begun) is ranked at once.
        if (since >= ConsoleSnapshot::kRankEveryMs || !ranking_ || &e != rankedEngine_ ||
            e.lastSeq() < rankedSeq_) {
            sinceRanking_.start();
            rankedEngine_ = &e;
            QueueRanking ranking = e.rankQueues(ConsoleSnapshot::kHotQueues);
            longestQueueOfRun_ = std::move(ranking.longestQueueOfRun);
            ranking_ = std::make_shared<const std::vector<HotQueue>>(std::move(ranking.hottest));
            rankedSeq_ = e.lastSeq();
        } else if (rankedSeq_ != e.lastSeq() && !rankTimer_.isActive()) {
            rankTimer_.start(static_cast<int>(ConsoleSnapshot::kRankEveryMs - since));
        }
        snap.hotQueues = ranking_;
        snap.rankedSeq = static_cast<qint64>(rankedSeq_);
        const std::size_t n = std::min(snap.runs.size(), longestQueueOfRun_.size());
        for (std::size_t i = 0; i < n; ++i)
            snap.runs[i].longestQueue = longestQueueOfRun_[i];
    }
    QElapsedTimer sinceRanking_;
    QTimer rankTimer_{this};
    std::shared_ptr<const std::vector<HotQueue>> ranking_;
    std::vector<int> longestQueueOfRun_;
    std::uint64_t rankedSeq_ = 0;
    const Engine* rankedEngine_ = nullptr;

    EngineOptions engineOptions_;
    QString author_;  // who this console's commands are journaled as, in words
    std::unique_ptr<Store> store_;
    std::unique_ptr<Runner> memory_;
    // In memory, the commands applied, for export and history (compressed:
    // a day is millions of lines).
    LineArchive applied_;
    LineNumbers appliedNumbers_;  // their line numbers
    int nextLine_ = 1;
    // The match trace of the commands applied (Engine::setTraceSink), until
    // their events are handed out.
    struct Trace : EventSink {
        std::vector<Event> events;
        QList<QByteArray> lines;  // encoded once, for the log
        std::vector<std::uint64_t> seqs;
        bool on = true;
        void onEvent(const Event& e) override {
            if (!on) return;
            events.push_back(e);
            lines << encodeEvent(e);
            seqs.push_back(e.seq);
        }
        void clear() {
            events.clear();
            lines.clear();
            seqs.clear();
        }
    };
    Trace trace_;
    static constexpr qint64 kTracedLoadLines = 100000;
    void traceLoads(bool on) {
        trace_.on = on;
        setTraceSink(on ? &trace_ : nullptr);
    }
    void setTraceSink(EventSink* sink) {
        if (store_) store_->setTraceSink(sink);
        if (memory_) memory_->engine().setTraceSink(sink);
    }
    std::string focusTrain_;
    std::string focusDate_;
    RunViewCache runView_;  // the shown run's seats and queues, kept from the engine's changes
    // How far the shown run's queues are read (Session::showQueueRows).
    QueueWindow queueWindow_;
    std::string shownTrain_, shownDate_;  // the run last published

    // Step mode.
    bool stepMode_ = false;
    QList<InputLine> waiting_;
    // A command stepped to its end, applied under its mark, not journaled yet.
    struct Stepped {
        InputLine line;
        Command command;
        std::vector<StepDecision> decisions;
        std::vector<Event> events;
        qsizetype firstEvent = 0;  // where its events begin in stepEvents_
    };
    std::vector<Stepped> done_;
    std::optional<Command> current_;
    InputLine currentLine_;
    qsizetype currentEvents_ = 0;  // where the current command's events begin
    // Commands that went through without a decision, shown with the next state.
    QList<InputLine> passed_;
    bool lastPaused_ = false;  // the last command started had decisions
    // Declared before the step run: a step run left pending finishes its pass
    // into these when destroyed, so they must outlive it.
    Collect stepEvents_;
    std::unique_ptr<StepRun> stepping_;
    std::vector<StepDecision> history_;
};

EmbeddedSession::EmbeddedSession(QObject* parent) : Session(parent) {
    qRegisterMetaType<houbu::EventRecord>();
    qRegisterMetaType<QList<houbu::EventRecord>>();
    qRegisterMetaType<houbu::SnapshotPtr>();
    qRegisterMetaType<std::vector<houbu::WaitReason>>();
    qRegisterMetaType<std::shared_ptr<const houbu::RunHistory>>();
    qRegisterMetaType<std::shared_ptr<const houbu::PolicyComparison>>();
    qRegisterMetaType<std::shared_ptr<const houbu::EventExplanation>>();
    qRegisterMetaType<houbu::StepState>();
    qRegisterMetaType<houbu::PrecheckReply>();
    qRegisterMetaType<QList<houbu::OrderForecast>>();
    thread_ = new QThread(this);
    thread_->setObjectName(u"houbu-engine"_s);
    worker_ = new EmbeddedWorker;
    worker_->moveToThread(thread_);
    connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &EmbeddedWorker::opened, this, &EmbeddedSession::opened);
    connect(worker_, &EmbeddedWorker::eventsApplied, this, &Session::eventsApplied);
    connect(worker_, &EmbeddedWorker::snapshotChanged, this, &Session::snapshotChanged);
    connect(worker_, &EmbeddedWorker::whyWaiting, this, &Session::whyWaiting);
    connect(worker_, &EmbeddedWorker::failed, this, &Session::failed);
    connect(worker_, &EmbeddedWorker::commandAnswered, this, &Session::commandAnswered);
    connect(worker_, &EmbeddedWorker::prechecked, this, &Session::prechecked);
    connect(worker_, &EmbeddedWorker::progress, this, &Session::progress);
    connect(worker_, &EmbeddedWorker::exported, this, &EmbeddedSession::exported);
    connect(worker_, &EmbeddedWorker::historyReady, this, &Session::historyReady);
    connect(worker_, &EmbeddedWorker::comparisonReady, this, &Session::comparisonReady);
    connect(worker_, &EmbeddedWorker::eventExplained, this, &Session::eventExplained);
    connect(worker_, &EmbeddedWorker::stepStateChanged, this, &EmbeddedSession::stepStateChanged);
    connect(worker_, &EmbeddedWorker::forecasted, this, &Session::forecasted);
    connect(worker_, &EmbeddedWorker::forecastProgress, this, &Session::forecastProgress);
    connect(worker_, &EmbeddedWorker::runForecasted, this, &Session::runForecasted);
    connect(worker_, &EmbeddedWorker::runForecastProgress, this, &Session::runForecastProgress);
    thread_->start();
}

EmbeddedSession::~EmbeddedSession() {
    worker_->cancelled = true;
    QMetaObject::invokeMethod(
        worker_, [w = worker_] { w->commitFinished(); }, Qt::BlockingQueuedConnection);
    thread_->quit();
    thread_->wait();
}

void EmbeddedSession::open(const StoreOptions& options) {
    location_ = options.location;
    QMetaObject::invokeMethod(worker_, [w = worker_, options] { w->open(options); });
}

QString EmbeddedSession::description() const {
    return location_.isEmpty() ? tr("Embedded · in memory") : tr("Embedded · %1").arg(location_);
}

void Session::analyseHistory(const QString&, const QString&) {
    emit historyReady(nullptr, tr("This session cannot replay its journal."));
}

quint64 Session::precheck(const QByteArray&) {
    const quint64 ticket = nextPrecheck();
    // Answered later, like every session answer: callers set up before it arrives.
    QMetaObject::invokeMethod(
        this, [this, ticket] { emit prechecked(ticket, PrecheckReply{}); }, Qt::QueuedConnection);
    return ticket;
}

void Session::sendCommand(const Command& command) {
    send({encodeCommand(command)});
}

quint64 Session::submitCommand(const Command& command) {
    return submit(encodeCommand(command));
}

quint64 Session::precheckCommand(const Command& command) {
    return precheck(encodeCommand(command));
}

void Session::comparePolicies(const QString&, const QString&) {
    emit comparisonReady(nullptr, tr("This session cannot replay its journal."));
}

void EmbeddedSession::analyseHistory(const QString& train, const QString& date) {
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, train, date] { w->analyseHistory(train, date); });
}

void EmbeddedSession::comparePolicies(const QString& train, const QString& date) {
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, train, date] { w->comparePolicies(train, date); });
}

void Session::explainEvent(const QString&, qint64, int) {
    emit eventExplained(nullptr, tr("Only an embedded engine can apply its journal again."));
}

void Session::forecast(const QStringList&, int) {}

void Session::forecastRun(const QString&, const QString&, int) {}

void EmbeddedSession::forecastRun(const QString& train, const QString& date, int minutes) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, train, date, minutes] { w->forecastRun(train, date, minutes); });
}

void EmbeddedSession::forecast(const QStringList& orders, int minutes) {
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, orders, minutes] { w->forecast(orders, minutes); });
}

void EmbeddedSession::explainEvent(const QString& order, qint64 seq, int line) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, order, seq, line] { w->explainEvent(order, seq, line); });
}

void EmbeddedSession::send(const QList<QByteArray>& commands) {
    QMetaObject::invokeMethod(worker_, [w = worker_, commands] { w->send(commands); });
}

quint64 EmbeddedSession::submit(const QByteArray& command) {
    const quint64 ticket = ++lastTicket_;
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, ticket, command] { w->submit(ticket, command); });
    return ticket;
}

quint64 EmbeddedSession::precheck(const QByteArray& command) {
    const quint64 ticket = nextPrecheck();
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, ticket, command] { w->precheck(ticket, command); });
    return ticket;
}

void EmbeddedSession::sendCommand(const Command& command) {
    QMetaObject::invokeMethod(worker_, [w = worker_, command] { w->sendCommand(command); });
}

quint64 EmbeddedSession::submitCommand(const Command& command) {
    const quint64 ticket = ++lastTicket_;
    QMetaObject::invokeMethod(
        worker_, [w = worker_, ticket, command] { w->submitCommand(ticket, command); });
    return ticket;
}

quint64 EmbeddedSession::precheckCommand(const Command& command) {
    const quint64 ticket = nextPrecheck();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, ticket, command] { w->precheckCommand(ticket, command); });
    return ticket;
}

void EmbeddedSession::focus(const QString& train, const QString& date) {
    QMetaObject::invokeMethod(worker_, [w = worker_, train, date] { w->focus(train, date); });
}

void EmbeddedSession::showQueueRows(const QString& travelClass, int from, int to, int first,
                                    int rows) {
    QMetaObject::invokeMethod(
        worker_, [=, w = worker_] { w->showQueueRows(travelClass, from, to, first, rows); });
}

void EmbeddedSession::explain(const QString& orderId) {
    QMetaObject::invokeMethod(worker_, [w = worker_, orderId] { w->explain(orderId); });
}

void EmbeddedSession::load(const QByteArray& scenario) {
    QMetaObject::invokeMethod(worker_, [w = worker_, scenario] { w->load(scenario); });
}

void EmbeddedSession::cancel() {
    worker_->cancelled = true;
}

void EmbeddedSession::exportScenario(const QString& path) {
    QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->exportScenario(path); });
}

void EmbeddedSession::setStepMode(bool on) {
    QMetaObject::invokeMethod(worker_, [w = worker_, on] { w->setStepMode(on); });
}

void EmbeddedSession::stepForward() {
    QMetaObject::invokeMethod(worker_, [w = worker_] { w->stepForward(); });
}

void EmbeddedSession::stepBack() {
    QMetaObject::invokeMethod(worker_, [w = worker_] { w->stepBack(); });
}

void EmbeddedSession::runToEnd() {
    QMetaObject::invokeMethod(worker_, [w = worker_] { w->runToEnd(); });
}

}  // namespace houbu

#include "embedded_session.moc"
