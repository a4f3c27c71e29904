#include "houbu/dialogs/waitlist_rules_dialog.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Version 1's limits (commands.md: the defaults of `configure`); -1: none.
constexpr std::array<int, 5> kVersion1 = {5, 2, 5, -1, -1};
// 12306's published 2024 limits: 60 options in all, so up to 60 per date.
constexpr std::array<int, 5> k12306 = {9, 3, 60, 60, 6};

}  // namespace

const std::array<const char*, 5>& WaitlistRulesDialog::limitNames() {
    static const std::array<const char*, 5> names = {"passengers", "dates", "options_per_date",
                                                     "options", "open_orders_per_user"};
    return names;
}

WaitlistRulesDialog::WaitlistRulesDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"waitlistRulesDialog"_s);
    setWindowTitle(tr("Waitlist rules"));
    auto* intro = new QLabel(
        tr("Limits for the waitlist orders submitted from now on; orders already open keep "
           "theirs."),
        this);
    intro->setWordWrap(true);
    contentLayout()->insertWidget(0, intro);
    const std::array<QString, 5> labels = {tr("&Passengers per order:"), tr("&Dates per order:"),
                                           tr("&Options per date:"), tr("Options in a&ll:"),
                                           tr("Open orders per &user:")};
    const std::array<QString, 5> tips = {
        tr("Passengers one order may carry"), tr("Different travel dates among an order's options"),
        tr("Train and class options of one order on one date"),
        tr("Train and class options of one order over all its dates (added trains not counted)"),
        tr("Orders a user may have submitted or queued at once")};
    for (std::size_t i = 0; i < edits_.size(); ++i) {
        auto* row = new QWidget(this);
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        edits_[i] = new QSpinBox(row);
        edits_[i]->setObjectName(QString::fromLatin1(limitNames()[i]));
        // Wide on purpose: which numbers the engine takes is its to say.
        edits_[i]->setRange(0, 1'000'000'000);
        edits_[i]->setToolTip(tips[i]);
        noLimit_[i] = new QCheckBox(tr("No limit"), row);
        noLimit_[i]->setObjectName(QString::fromLatin1(limitNames()[i]) + u"_none"_s);
        layout->addWidget(edits_[i], 1);
        layout->addWidget(noLimit_[i]);
        form()->addRow(labels[i], row);
        connect(edits_[i], &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
        connect(noLimit_[i], &QCheckBox::toggled, this, [this, i](bool on) {
            edits_[i]->setEnabled(!on);
            revalidate();
        });
    }
    auto* presets = new QWidget(this);
    auto* presetLayout = new QHBoxLayout(presets);
    presetLayout->setContentsMargins(0, 0, 0, 0);
    auto* v1 = new QPushButton(tr("Version &1's limits"), presets);
    v1->setObjectName(u"version1"_s);
    v1->setToolTip(tr("5 passengers, 2 dates, 5 options per date, no other limit"));
    auto* r12306 = new QPushButton(tr("12306 (&2024)"), presets);
    r12306->setObjectName(u"limits12306"_s);
    r12306->setToolTip(tr("9 passengers, 3 dates, 60 options in all, 6 open orders per user"));
    presetLayout->addWidget(v1);
    presetLayout->addWidget(r12306);
    presetLayout->addStretch(1);
    form()->addRow(tr("Presets:"), presets);
    connect(v1, &QPushButton::clicked, this, &WaitlistRulesDialog::useVersion1);
    connect(r12306, &QPushButton::clicked, this, &WaitlistRulesDialog::use12306);

    // The limits in force, as the engine's snapshot has them.
    const LimitValues& now = snap().limits;
    const std::array<int, 5> inForce = {now.passengers, now.dates, now.optionsPerDate, now.options,
                                        now.openOrdersPerUser};
    for (std::size_t i = 0; i < edits_.size(); ++i)
        setLimit(int(i), inForce[i]);
    finish(tr("&Apply limits"));
}

void WaitlistRulesDialog::setLimit(int index, int value) {
    const auto i = static_cast<std::size_t>(index);
    noLimit_[i]->setChecked(value < 0);
    edits_[i]->setEnabled(value >= 0);
    if (value >= 0) edits_[i]->setValue(value);
}

void WaitlistRulesDialog::useVersion1() {
    for (std::size_t i = 0; i < edits_.size(); ++i)
        setLimit(int(i), kVersion1[i]);
}

void WaitlistRulesDialog::use12306() {
    for (std::size_t i = 0; i < edits_.size(); ++i)
        setLimit(int(i), k12306[i]);
}

QSpinBox* WaitlistRulesDialog::limitEdit(const QString& name) const {
    for (std::size_t i = 0; i < edits_.size(); ++i)
        if (name == QLatin1StringView(limitNames()[i])) return edits_[i];
    return nullptr;
}

QCheckBox* WaitlistRulesDialog::noLimitBox(const QString& name) const {
    for (std::size_t i = 0; i < noLimit_.size(); ++i)
        if (name == QLatin1StringView(limitNames()[i])) return noLimit_[i];
    return nullptr;
}

QString WaitlistRulesDialog::validate() const {
    return {};
}

Command WaitlistRulesDialog::buildCommand() const {
    // Every limit, so that the dialog's fields are exactly what is in force after.
    Command c = start(Op::Configure);
    LimitChange* changes[] = {&c.limits.passengers, &c.limits.dates, &c.limits.optionsPerDate,
                              &c.limits.options, &c.limits.openOrdersPerUser};
    for (std::size_t i = 0; i < edits_.size(); ++i)
        *changes[i] = {true, noLimit_[i]->isChecked() ? -1 : edits_[i]->value()};
    return c;
}

QString WaitlistRulesDialog::summarize(const QList<EventRecord>&) const {
    QStringList parts;
    const std::array<QString, 5> names = {tr("passengers"), tr("dates"), tr("options per date"),
                                          tr("options"), tr("open orders per user")};
    for (std::size_t i = 0; i < edits_.size(); ++i)
        parts << tr("%1 %2").arg(names[i], noLimit_[i]->isChecked()
                                               ? tr("no limit")
                                               : QString::number(edits_[i]->value()));
    return tr("Waitlist limits in force: %1.").arg(parts.join(u", "_s));
}

}  // namespace houbu
