// The queue model against random changes of its queues, under
// QAbstractItemModelTester: after every snapshot its rows are the snapshot's
// orders (in rank order, or sorted by a column with ties by rank), each with
// its rank in the whole queue, and it keeps no queue of an older snapshot
// alive: its rows are the snapshot's own orders, not copies.

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <algorithm>
#include <map>
#include <random>

#include "houbu/queue_model.h"
#include "houbu/run_sort_model.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

struct Queue {
    std::string travelClass;
    int from = 0;
    int to = 0;
    std::vector<OrderView> all;  // the whole queue in rank order
    int first = 0;               // the window listed: from rank first + 1
};

constexpr int kWindow = 12;

// Not "W" + std::to_string(n): g++ 12 -O3 warns wrongly about that (-Wrestrict).
std::string labelled(char prefix, int n) {
    std::string label(1, prefix);
    label += std::to_string(n);
    return label;
}

SnapshotPtr snapshotOf(const std::map<std::tuple<std::string, int, int>, Queue>& queues) {
    auto s = std::make_shared<ConsoleSnapshot>();
    s->run.train = "G1";
    s->run.date = "2024-01-20";
    s->run.stops = {
        {"北京", 0, 0, 0}, {"天津", 120, 0, 0}, {"济南", 400, 0, 0}, {"青岛", 800, 0, 0}};
    for (const auto& [key, q] : queues) {
        if (q.all.empty()) continue;  // only queues that hold orders are shown
        QueueView v{q.travelClass, q.from, q.to, {}, static_cast<int>(q.all.size()), 0, 0};
        v.first = std::min(q.first, std::max(0, static_cast<int>(q.all.size()) - 1));
        const auto end = std::min(q.all.size(), static_cast<std::size_t>(v.first + kWindow));
        for (std::size_t r = static_cast<std::size_t>(v.first); r < end; ++r) {
            OrderView o = q.all[r];
            o.rank = static_cast<int>(r) + 1;
            v.orders.push_back(std::move(o));
        }
        for (const OrderView& o : q.all)
            v.passengers += static_cast<int>(o.passengers.size());
        s->queues.push_back(std::make_shared<const QueueView>(std::move(v)));
    }
    return s;
}

}  // namespace

class TestQueueRows : public QObject {
    Q_OBJECT

  private slots:
    void followsRandomQueues_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<bool>("descending");
        QTest::newRow("rank order") << -1 << false;
        QTest::newRow("by deadline") << int(QueueModel::Deadline) << false;
        QTest::newRow("by passengers, descending") << int(QueueModel::Passengers) << true;
        QTest::newRow("by rank, descending") << int(QueueModel::Rank) << true;
    }

    void followsRandomQueues() {
        QFETCH(int, column);
        QFETCH(bool, descending);
        QueueModel model;
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        model.sort(column, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
        std::mt19937 random(11);
        auto below = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
        std::map<std::tuple<std::string, int, int>, Queue> queues;
        int nextOrder = 1;
        auto newOrder = [&] {
            OrderView o;
            o.id = labelled('W', nextOrder++);
            o.user = "u";
            for (int p = 0, n = 1 + below(3); p < n; ++p)
                o.passengers.push_back(labelled('p', below(50)));
            o.deadline = below(20);  // ties on purpose: broken by rank
            o.level = "low";
            return o;
        };
        std::vector<std::weak_ptr<const QueueView>> older;
        for (int step = 0; step < 400; ++step) {
            // Orders leave from anywhere, join anywhere; queues come and go; windows move.
            for (int k = 0, n = 1 + below(4); k < n; ++k) {
                const std::string travelClass = below(2) ? "second" : "first";
                const int from = below(3);
                const int to = from + 1 + below(3 - from);
                Queue& q = queues[{travelClass, from, to}];
                q.travelClass = travelClass;
                q.from = from;
                q.to = to;
                const int what = below(10);
                if (what < 5) {
                    const auto at = q.all.begin() + below(static_cast<int>(q.all.size()) + 1);
                    q.all.insert(at, newOrder());
                } else if (what < 8 && !q.all.empty()) {
                    const int at = below(static_cast<int>(q.all.size()));
                    const int n = 1 + below(std::min(3, static_cast<int>(q.all.size()) - at));
                    q.all.erase(q.all.begin() + at, q.all.begin() + at + n);
                } else if (what < 9) {
                    q.first = below(2) ? 0 : below(std::max(1, static_cast<int>(q.all.size())));
                } else {
                    q.all.clear();
                }
            }
            SnapshotPtr snap = snapshotOf(queues);
            model.apply(snap);
            // Every queue is new in each snapshot here: none before may be kept.
            for (const auto& q : older)
                QVERIFY(q.expired());
            older.assign(snap->queues.begin(), snap->queues.end());
            QCOMPARE(model.rowCount(), static_cast<int>(snap->queues.size()));
            for (int qi = 0; qi < model.rowCount(); ++qi) {
                const QueueView& theirs = *snap->queues[static_cast<std::size_t>(qi)];
                const QModelIndex parent = model.index(qi, 0);
                QCOMPARE(model.rowCount(parent), static_cast<int>(theirs.orders.size()));
                QCOMPARE(model.firstRank(parent), theirs.first + 1);
                std::vector<std::pair<QString, int>> shown;  // id, rank
                for (int r = 0; r < model.rowCount(parent); ++r)
                    shown.emplace_back(
                        model.index(r, 0, parent).data(QueueModel::OrderIdRole).toString(),
                        model.index(r, QueueModel::Rank, parent).data().toInt());
                // Every order once, with its rank in the whole queue.
                std::vector<std::pair<QString, int>> expected;
                for (const OrderView& o : theirs.orders)
                    expected.emplace_back(QString::fromStdString(o.id), o.rank);
                std::vector<std::pair<QString, int>> sorted = shown;
                std::sort(sorted.begin(), sorted.end());
                std::sort(expected.begin(), expected.end());
                QCOMPARE(sorted, expected);
                // In the order asked for: by the column, ties by rank.
                for (std::size_t r = 1; r < shown.size(); ++r) {
                    const OrderView* a = nullptr;
                    const OrderView* b = nullptr;
                    for (const OrderView& o : theirs.orders) {
                        if (QString::fromStdString(o.id) == shown[r - 1].first) a = &o;
                        if (QString::fromStdString(o.id) == shown[r].first) b = &o;
                    }
                    QVERIFY(a && b);
                    bool inOrder = false;
                    if (column < 0 || column == QueueModel::Rank) {
                        inOrder = descending ? a->rank > b->rank : a->rank < b->rank;
                    } else if (column == QueueModel::Deadline) {
                        inOrder = a->deadline < b->deadline ||
                                  (a->deadline == b->deadline && a->rank < b->rank);
                    } else {  // passengers, descending, naturally ordered as names
                        auto names = [](const OrderView& o) {
                            QString text;
                            for (const std::string& p : o.passengers)
                                text += QString::fromStdString(p) + u',';
                            return text;
                        };
                        const QString pa = names(*a), pb = names(*b);
                        inOrder = RunSortModel::naturalLess(pb, pa) ||
                                  (!RunSortModel::naturalLess(pa, pb) && a->rank < b->rank);
                    }
                    if (!inOrder)
                        QFAIL(qPrintable(u"step %1, queue %2: %3 before %4"_s.arg(step).arg(qi).arg(
                            shown[r - 1].first, shown[r].first)));
                }
            }
        }
        QCOMPARE(resets.count(), 1);  // the first snapshot only: a new run
    }
};

QTEST_GUILESS_MAIN(TestQueueRows)
#include "tst_queue_rows.moc"
