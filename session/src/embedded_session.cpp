#include <QFile>
#include <QJsonDocument>
#include <QMetaObject>
#include <QThread>
#include <atomic>

#include "houbu/codec.h"
#include "houbu/session.h"

namespace houbu {

using namespace Qt::StringLiterals;

// Lives on the session's worker thread; owns the engine (in memory or in a store).
class EmbeddedWorker : public QObject {
    Q_OBJECT

  public:
    std::atomic<bool> cancelled{false};

    void open(const StoreOptions& options) {
        store_.reset();
        memory_.reset();
        applied_.clear();
        nextLine_ = 1;
        if (options.location.isEmpty()) {
            memory_ = std::make_unique<Runner>(options.engine);
        } else {
            QString error;
            store_ = Store::open(options, error);
            if (!store_) {
                emit opened(false, error);
                return;
            }
            nextLine_ = static_cast<int>(store_->journalLength()) + 1;
        }
        emit opened(true, QString());
        publish();
    }

    void send(const QList<QByteArray>& commands) {
        if (!ready()) return;
        // After a storage failure the views keep the last committed state.
        if (apply(commands)) publish();
    }

    void submit(quint64 ticket, const QByteArray& command) {
        if (!ready()) {
            emit commandAnswered(ticket, {}, tr("No engine is open."));
            return;
        }
        QList<EventRecord> events;
        QString error;
        if (!apply({command}, &events, &error)) {
            emit commandAnswered(ticket, {}, error);
            return;
        }
        publish();
        emit commandAnswered(ticket, events, QString());
    }

    void load(const QByteArray& scenario) {
        if (!ready()) return;
        cancelled = false;
        const QList<QByteArray> lines = scenario.split('\n');
        const qint64 total = lines.size();
        constexpr qsizetype kBatch = 500;
        bool ok = true;
        for (qsizetype i = 0; i < lines.size(); i += kBatch) {
            if (cancelled) {
                emit failed(tr("Loading cancelled after %1 of %2 lines.").arg(i).arg(total));
                break;
            }
            emit progress(tr("Loading scenario"), i, total);
            if (!apply(lines.mid(i, kBatch))) {
                ok = false;
                break;
            }
        }
        emit progress(tr("Loading scenario"), total, total);
        if (ok) publish();
    }

    void focus(const QString& train, const QString& date) {
        focusTrain_ = train.toStdString();
        focusDate_ = date.toStdString();
        if (ready()) publish();
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
            for (const QByteArray& line : applied_)
                out.write(line + '\n');
        }
        out.close();
        emit exported(ok, ok ? tr("Journal exported to %1").arg(path) : error);
    }

  signals:
    void opened(bool ok, const QString& message);
    void eventsApplied(const QList<houbu::EventRecord>& events);
    void snapshotChanged(const houbu::SnapshotPtr& snapshot);
    void whyWaiting(const QString& orderId, const std::vector<houbu::WaitReason>& reasons);
    void failed(const QString& message);
    void commandAnswered(quint64 ticket, const QList<houbu::EventRecord>& events,
                         const QString& failure);
    void progress(const QString& what, qint64 done, qint64 total);
    void exported(bool ok, const QString& message);

  private:
    bool ready() const { return store_ || memory_; }
    const Engine& engine() { return store_ ? store_->engine() : memory_->engine(); }

    // Applies a batch; with `answer` set, the events are also returned there and
    // a storage failure is reported through `failure` instead of `failed`.
    bool apply(const QList<QByteArray>& commands, QList<EventRecord>* answer = nullptr,
               QString* failure = nullptr) {
        QList<InputLine> lines;
        for (const QByteArray& c : commands) {
            const QByteArray trimmed = c.trimmed();
            if (trimmed.isEmpty() || trimmed.startsWith('#')) continue;
            lines.append({trimmed, nextLine_++});
        }
        if (lines.isEmpty()) return true;
        QByteArray out;
        if (store_) {
            QString error;
            if (!store_->apply(lines, out, error)) {
                nextLine_ = static_cast<int>(store_->journalLength()) + 1;
                if (failure)
                    *failure = error;
                else
                    emit failed(error);
                return false;
            }
        } else {
            for (const auto& l : lines) {
                memory_->processLine(l.text, l.number, out);
                applied_ << l.text;
            }
        }
        QList<EventRecord> events;
        for (const QByteArray& line : out.split('\n')) {
            if (line.isEmpty()) continue;
            EventRecord r;
            r.json = line;
            r.object = QJsonDocument::fromJson(line).object();
            r.seq = r.object.value(u"seq"_s).toInteger();
            events.append(std::move(r));
        }
        if (!events.isEmpty()) emit eventsApplied(events);
        if (answer) *answer = std::move(events);
        return true;
    }

    void publish() {
        const Engine& e = engine();
        auto snap = std::make_shared<ConsoleSnapshot>();
        snap->lastSeq = static_cast<qint64>(e.lastSeq());
        snap->clock = QString::fromStdString(formatTime(e.clock()));
        snap->journalLength = store_ ? store_->journalLength() : applied_.size();
        snap->runs = e.runSummaries();
        std::string train = focusTrain_, date = focusDate_;
        RunView view;
        if (!e.run(train, date, view) && !snap->runs.empty()) {
            train = snap->runs.front().train;
            date = snap->runs.front().date;
            e.run(train, date, view);
        }
        if (!view.train.empty()) {
            snap->run = std::move(view);
            snap->seats = e.seats(train, date);
            snap->queues = e.queues(train, date);
        }
        emit snapshotChanged(std::move(snap));
    }

    std::unique_ptr<Store> store_;
    std::unique_ptr<Runner> memory_;
    QList<QByteArray> applied_;
    int nextLine_ = 1;
    std::string focusTrain_;
    std::string focusDate_;
};

EmbeddedSession::EmbeddedSession(QObject* parent) : Session(parent) {
    qRegisterMetaType<houbu::EventRecord>();
    qRegisterMetaType<QList<houbu::EventRecord>>();
    qRegisterMetaType<houbu::SnapshotPtr>();
    qRegisterMetaType<std::vector<houbu::WaitReason>>();
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
    connect(worker_, &EmbeddedWorker::progress, this, &Session::progress);
    connect(worker_, &EmbeddedWorker::exported, this, &EmbeddedSession::exported);
    thread_->start();
}

EmbeddedSession::~EmbeddedSession() {
    worker_->cancelled = true;
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

void EmbeddedSession::send(const QList<QByteArray>& commands) {
    QMetaObject::invokeMethod(worker_, [w = worker_, commands] { w->send(commands); });
}

quint64 EmbeddedSession::submit(const QByteArray& command) {
    const quint64 ticket = ++lastTicket_;
    QMetaObject::invokeMethod(worker_,
                              [w = worker_, ticket, command] { w->submit(ticket, command); });
    return ticket;
}

quint64 Session::submit(const QByteArray& command) {
    static quint64 lastTicket = 0;
    const quint64 ticket = ++lastTicket;
    connect(
        this, &Session::eventsApplied, this,
        [this, ticket](const QList<EventRecord>& events) {
            emit commandAnswered(ticket, events, QString());
        },
        Qt::SingleShotConnection);
    send({command});
    return ticket;
}

void EmbeddedSession::focus(const QString& train, const QString& date) {
    QMetaObject::invokeMethod(worker_, [w = worker_, train, date] { w->focus(train, date); });
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

}  // namespace houbu

#include "embedded_session.moc"
