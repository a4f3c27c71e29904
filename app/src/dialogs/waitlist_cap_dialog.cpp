#include "houbu/dialogs/waitlist_cap_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include "houbu/display_names.h"
#include "houbu/waitlist_caps.h"

namespace houbu {

using namespace Qt::StringLiterals;

WaitlistCapDialog::WaitlistCapDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"waitlistCapDialog"_s);
    setWindowTitle(tr("Waitlist cap — %1").arg(runName()));
    class_ = classCombo(context_.queueClass);
    class_->setToolTip(tr("The class of the shown run whose waitlist is capped"));
    status_ = new QLabel(this);
    status_->setObjectName(u"capStatus"_s);
    status_->setWordWrap(true);
    cap_ = new QSpinBox(this);
    cap_->setObjectName(u"cap"_s);
    // Wide on purpose: what a cap may be is the engine's to say.
    cap_->setRange(0, 1'000'000'000);
    cap_->setToolTip(
        tr("At most this many passengers queued on the class, over all its intervals; 0 closes "
           "it to the waitlist (候补人数已满). Orders already queued stay."));
    noCap_ = new QCheckBox(tr("&No cap"), this);
    noCap_->setObjectName(u"noCap"_s);
    noCap_->setToolTip(tr("Lift the class's cap: any number may queue"));
    form()->addRow(tr("&Class:"), class_);
    form()->addRow(QString(), status_);
    form()->addRow(tr("Ca&p (passengers):"), cap_);
    form()->addRow(QString(), noCap_);
    connect(class_, &QComboBox::currentIndexChanged, this, &WaitlistCapDialog::describeClass);
    connect(cap_, &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
    connect(noCap_, &QCheckBox::toggled, this, [this](bool on) {
        cap_->setEnabled(!on);
        revalidate();
    });
    describeClass();
    finish(tr("&Set cap"));
}

void WaitlistCapDialog::describeClass() {
    const QString cls = classOf(class_);
    status_->clear();
    for (const ClassView& c : snap().run.classDetails) {
        if (QString::fromStdString(c.name) != cls) continue;
        status_->setText(WaitlistCaps::status(c));
        // Starts from the cap in force, so that Send changes only what is edited.
        noCap_->setChecked(!WaitlistCaps::capped(c));
        cap_->setValue(WaitlistCaps::capped(c) ? c.cap : c.queuedPassengers);
    }
    revalidate();
}

QString WaitlistCapDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (classOf(class_).isEmpty()) return tr("Choose a class.");
    return {};
}

Command WaitlistCapDialog::buildCommand() const {
    Command c = startOnRun(Op::WaitlistCap);
    c.travelClass = field(classOf(class_));
    c.cap = noCap_->isChecked() ? -1 : cap_->value();
    return c;
}

QString WaitlistCapDialog::summarize(const QList<EventRecord>&) const {
    const QString cls = DisplayNames::travelClass(classOf(class_));
    if (noCap_->isChecked()) return tr("Waitlist cap lifted on %1 of %2.").arg(cls, runName());
    if (cap_->value() == 0)
        return tr("%1 of %2 is closed to the waitlist (cap 0).").arg(cls, runName());
    return tr("Waitlist cap %1 on %2 of %3.").arg(cap_->value()).arg(cls, runName());
}

QString WaitlistCapDialog::previewText(const CommandPreview&) {
    const QString cls = classOf(class_);
    for (const ClassView& c : snap().run.classDetails) {
        if (QString::fromStdString(c.name) != cls) continue;
        const int queued = c.queuedPassengers;
        if (noCap_->isChecked())
            return tr("Preview: no cap; any number may queue (%n passenger(s) queued now).",
                      nullptr, queued);
        const int cap = cap_->value();
        if (cap == 0)
            return tr(
                "Preview: closes the class to the waitlist: new orders and prepayments "
                "naming it are refused (候补人数已满); the %n passenger(s) queued stay.",
                nullptr, queued);
        if (queued >= cap)
            return tr("Preview: %n passenger(s) queued, at or over the cap of %1: new orders "
                      "naming the class are refused (候补人数已满) until fewer are queued; "
                      "no one queued leaves.",
                      nullptr, queued)
                .arg(cap);
        return tr("Preview: room for %n more passenger(s) (%1 queued, cap %2); orders beyond "
                  "it are refused (候补人数已满).",
                  nullptr, cap - queued)
            .arg(queued)
            .arg(cap);
    }
    return {};
}

}  // namespace houbu
