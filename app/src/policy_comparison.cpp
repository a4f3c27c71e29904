#include "houbu/policy_comparison.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>
#include <set>

#include "houbu/session.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QStringList servedOnlyBy(const PolicyOutcome& a, const PolicyOutcome& b) {
    const std::set<std::string> other(b.served.begin(), b.served.end());
    QStringList only;
    for (const std::string& id : a.served)
        if (!other.count(id)) only << QString::fromStdString(id);
    return only;
}

}  // namespace

PolicyComparisonDialog::PolicyComparisonDialog(Session* session, const QString& train,
                                               const QString& date, QWidget* parent)
    : QDialog(parent), train_(train), date_(date) {
    setWindowTitle(tr("Compare policies · %1 %2").arg(train, date));
    setObjectName(u"policyComparison"_s);
    auto* layout = new QVBoxLayout(this);
    heading_ = new QLabel(tr("Replaying the journal under both policies…"));
    heading_->setWordWrap(true);
    layout->addWidget(heading_);

    table_ = new QTableWidget(4, 5);
    table_->setHorizontalHeaderLabels({u"complete"_s, u"exact"_s, tr("Difference"),
                                       tr("complete, with seat changes"),
                                       tr("exact, with seat changes")});
    table_->horizontalHeaderItem(3)->setToolTip(
        tr("Replayed with every waitlist order on this run accepting one seat change "
           "(同车换座) where it accepted none"));
    table_->horizontalHeaderItem(4)->setToolTip(table_->horizontalHeaderItem(3)->toolTip());
    table_->setVerticalHeaderLabels({tr("Orders served"), tr("Passengers served"),
                                     tr("Ticket seat-km"), tr("Orders still waiting")});
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setMinimumHeight(table_->verticalHeader()->length() +
                             table_->horizontalHeader()->height() + 6);
    layout->addWidget(table_);

    auto* lists = new QGridLayout;
    onlyComplete_ = new QListWidget;
    onlyExact_ = new QListWidget;
    auto* completeLabel = new QLabel(tr("Served only under &complete:"));
    completeLabel->setBuddy(onlyComplete_);
    auto* exactLabel = new QLabel(tr("Served only under &exact:"));
    exactLabel->setBuddy(onlyExact_);
    lists->addWidget(completeLabel, 0, 0);
    lists->addWidget(exactLabel, 0, 1);
    lists->addWidget(onlyComplete_, 1, 0);
    lists->addWidget(onlyExact_, 1, 1);
    layout->addLayout(lists, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(860, 480);

    connect(session, &Session::comparisonReady, this, &PolicyComparisonDialog::display);
    session->comparePolicies(train, date);
}

void PolicyComparisonDialog::display(const std::shared_ptr<const PolicyComparison>& comparison,
                                     const QString& error) {
    if (!comparison) {
        heading_->setText(error);
        emit ready();
        return;
    }
    if (comparison->train != train_.toStdString() || comparison->date != date_.toStdString())
        return;
    comparison_ = comparison;
    const QString used = comparison->journalPolicy == Policy::Exact ? u"exact"_s : u"complete"_s;
    heading_->setText(
        tr("The same commands replayed with the run's policy set to each; the run was "
           "defined with <b>%1</b>. Other runs keep their own policy.")
            .arg(used));
    const QLocale locale;
    auto row = [&](int r, double complete, double exact, double completeChanges,
                   double exactChanges, int decimals) {
        const double values[] = {complete, exact, exact - complete, completeChanges, exactChanges};
        for (int c = 0; c < 5; ++c) {
            QString text = locale.toString(values[c], 'f', decimals);
            if (c == 2 && values[c] > 0) text.prepend(u'+');
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(r, c, item);
        }
    };
    const PolicyOutcome& a = comparison->complete;
    const PolicyOutcome& b = comparison->exact;
    const PolicyOutcome& ac = comparison->completeWithChanges;
    const PolicyOutcome& bc = comparison->exactWithChanges;
    row(0, a.ordersServed, b.ordersServed, ac.ordersServed, bc.ordersServed, 0);
    row(1, a.passengersServed, b.passengersServed, ac.passengersServed, bc.passengersServed, 0);
    row(2, a.ticketSeatKm, b.ticketSeatKm, ac.ticketSeatKm, bc.ticketSeatKm, 0);
    row(3, a.ordersWaiting, b.ordersWaiting, ac.ordersWaiting, bc.ordersWaiting, 0);
    onlyComplete_->clear();
    onlyComplete_->addItems(servedOnlyBy(a, b));
    onlyExact_->clear();
    onlyExact_->addItems(servedOnlyBy(b, a));
    emit ready();
}

}  // namespace houbu
